<?php
// Writes 100 kB, flushing each line, then records that it finished; the shutdown function records
// connection_aborted(). differential.php makes the client go away after 10 kB.
$log = $_GET['log'];
register_shutdown_function(function () use ($log) {
    file_put_contents($log, 'shutdown aborted=' . connection_aborted() . "\n", FILE_APPEND);
});
if (isset($_GET['ignore'])) ignore_user_abort(true);
for ($i = 0; $i < 100; $i++) {
    echo str_repeat('x', 999), "\n";
    flush();
}
file_put_contents($log, 'finished aborted=' . connection_aborted() . "\n", FILE_APPEND);
