--TEST--
Classes: __construct from a factory function (by value: the factory runs before the old state is dropped; shared_ptr: the object shares the registry's C++ object; null raises Error)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Endpoint, Session};
$e = new Endpoint("example.org:8080"); var_dump($e->host, $e->port);
foreach (["nohost", ":80", "h:0", "h:99999", "h:8x"] as $bad) {
    try { new Endpoint($bad); } catch (ValueError $ex) { echo $ex->getMessage(), "\n"; }
}
$e->__construct("other:1"); var_dump($e->host, $e->port);
try { $e->__construct("broken"); } catch (ValueError $ex) { echo $ex->getMessage(), "\n"; }
var_dump($e->host);  // the factory threw first: the object keeps its state
echo new ReflectionMethod(Endpoint::class, '__construct');
// A factory returning a shared_ptr: the object shares the registry's session.
$a = new Session("ann"); $b = new Session("ann");
var_dump(pb_session_owners("ann"));   // the registry and two PHP objects
$a->user = "ann (renamed)"; var_dump($b->user);
try { new Session(""); } catch (Error $ex) { echo get_class($ex), ": ", $ex->getMessage(), "\n"; }
unset($a); var_dump(pb_session_owners("ann")); unset($b); var_dump(pb_session_owners("ann"));
pb_close_sessions();
?>
--EXPECT--
string(11) "example.org"
int(8080)
PhpBind\Endpoint::__construct(): Argument #1 ($url) must look like host:port
PhpBind\Endpoint::__construct(): Argument #1 ($url) must look like host:port
PhpBind\Endpoint::__construct(): Argument #1 ($url) has an invalid port
PhpBind\Endpoint::__construct(): Argument #1 ($url) has an invalid port
PhpBind\Endpoint::__construct(): Argument #1 ($url) has an invalid port
string(5) "other"
int(1)
PhpBind\Endpoint::__construct(): Argument #1 ($url) must look like host:port
string(5) "other"
Method [ <internal:phpbind_test, ctor> public method __construct ] {

  - Parameters [1] {
    Parameter #0 [ <required> string $url ]
  }
}
int(3)
string(13) "ann (renamed)"
Error: PhpBind\Session::__construct(): its factory returned a null pointer
int(2)
int(1)
