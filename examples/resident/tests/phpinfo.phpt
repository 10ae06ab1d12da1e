--TEST--
Resident\Heap: the phpinfo() section shows the heap's live figures and its INI entry
--EXTENSIONS--
resident
--FILE--
<?php
use Resident\Heap;
Heap::put('list', range(1, 100));
Heap::put('names', ['alice', 'bob', 'alice']);
$copy = Heap::get('list');
Heap::remove('list');   // handed out in this request: retired until it ends
ob_start();
(new ReflectionExtension('resident'))->info();
echo preg_replace('/^Built with phpbind.*\n/m', '', ob_get_clean());
?>
--EXPECTF--
resident

resident support => enabled
Version => 0.1.0
Memory => fork-shared arena of 67108864 bytes, %d free
Keys => 1
Bytes => %d
Objects => 0
Strings => 2
Arrays => 1
Retired (freed when no request can see them) => 1 values, %d bytes

Directive => Local Value => Master Value
resident.arena_size => 67108864 => 67108864
