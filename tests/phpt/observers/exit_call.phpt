--TEST--
Observers: exit() inside observed calls ends the script with its status; from PHP 8.4 on exit is a function and the observer sees it as one (begin with its argument, end with the unwinding in flight), before it never does; every begin has its end
--EXTENSIONS--
phpbind_test
--FILE--
<?php
require __DIR__ . '/../child.inc';
pb_run_child(<<<'PHP'
<?php
function obs_outer() { obs_inner(); echo "not reached\n"; }
function obs_inner() { exit(3); }
register_shutdown_function(function () {
    $log = pb_obs_log();
    $exit = array_values(array_filter($log, fn($l) => preg_match('/^(begin|end) exit\b/', $l)));
    $rest = array_values(array_filter($log, fn($l) => !preg_match('/^(begin|end) exit\b/', $l)));
    echo implode("\n", $rest), "\n";
    echo "exit seen as a call: ", json_encode($exit), "\n";
    echo "as this engine has it: ", var_export($exit === (PHP_VERSION_ID >= 80400
        ? ['begin exit(3)', 'end exit (no result) [exception in flight]'] : []), true), "\n";
});
obs_outer();
PHP);
?>
--EXPECTF--
begin obs_outer()
begin obs_inner()
end obs_inner (no result) [exception in flight]
end obs_outer (no result) [exception in flight]
exit seen as a call: %s
as this engine has it: true
exit status: 3
