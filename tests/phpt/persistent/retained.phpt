--TEST--
Persistent: php::Retained keeps a callable and an object in process-lifetime storage during the request, released when it ends
--EXTENSIONS--
phpbind_test
--FILE--
<?php
var_dump(pb_notify("before"));
$counter = 0;
pb_set_listener(function ($e) use (&$counter) { $counter++; return "got $e"; });
var_dump(pb_notify("first"), pb_notify("second"), $counter);
class Tracked { function __destruct() { echo "Tracked destroyed\n"; } }
pb_keep_object(new Tracked);
var_dump(pb_has_object());
pb_keep_object(new ArrayObject);  // replaces (and releases) the first one
echo "end of script\n";
?>
--EXPECT--
string(11) "no listener"
string(9) "got first"
string(10) "got second"
int(2)
bool(true)
Tracked destroyed
end of script
