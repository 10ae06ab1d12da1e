--TEST--
Bound exception classes: uncaught, a bound exception ends the script as any uncaught exception does
--EXTENSIONS--
phpbind_test
--ENV--
USE_TRACKED_ALLOC=1
--FILE--
<?php
function lookup(string $key) {
    return (new App\Repo)->get($key);
}
echo lookup('a'), "\n";
echo lookup('missing'), "\n";
echo "not reached\n";
?>
--EXPECTF--
alpha

Fatal error: Uncaught App\NotFound: no key 'missing' in %sbound_uncaught.php:3
Stack trace:
#0 %sbound_uncaught.php(3): App\Repo->get('missing')
#1 %sbound_uncaught.php(6): lookup('missing')
#2 {main}
  thrown in %sbound_uncaught.php on line 3
