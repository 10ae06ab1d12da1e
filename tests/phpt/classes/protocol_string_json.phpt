--TEST--
Protocols: Stringable (__toString + cast_object) and JsonSerializable
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Deck, Registry, Vec2};

$d = new Deck([1, 2]);
var_dump($d instanceof Stringable, (string)$d, $d->__toString(), strlen($d), "[" . $d . "]", str_repeat($d, 2));
echo $d, "\n";
printf("%s\n", $d);
function takes_string(string $s) { return $s; }
var_dump(takes_string($d), in_array("Stringable", class_implements($d)));
echo new ReflectionMethod(Deck::class, '__toString');

// A PHP subclass overriding __toString() wins over the native conversion.
class Loud extends Deck { public function __toString(): string { return strtoupper(parent::__toString()); } }
echo new Loud([3]), "\n";

echo takes_string(new Vec2(1, 2.5)), "\n";

// JsonSerializable
var_dump($d instanceof JsonSerializable);
echo json_encode($d), "\n";
echo json_encode([$d, new Deck([])], JSON_PRETTY_PRINT), "\n";
$r = new Registry;
echo json_encode($r), "\n";
$r->set("k", 1);
echo json_encode(['r' => $r]), "\n";
var_dump($r->jsonSerialize());
echo new ReflectionMethod(Registry::class, 'jsonSerialize');

// A class without to_string keeps PHP's own error.
try {
    echo new PhpBind\Cents(1);
} catch (Error $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
?>
--EXPECT--
bool(true)
string(9) "Deck(1,2)"
string(9) "Deck(1,2)"
int(9)
string(11) "[Deck(1,2)]"
string(18) "Deck(1,2)Deck(1,2)"
Deck(1,2)
Deck(1,2)
string(9) "Deck(1,2)"
bool(true)
Method [ <internal:phpbind_test, prototype Stringable> public method __toString ] {

  - Parameters [0] {
  }
  - Return [ string ]
}
DECK(3)
(1, 2.5)
bool(true)
{"kind":"deck","items":[1,2]}
[
    {
        "kind": "deck",
        "items": [
            1,
            2
        ]
    },
    {
        "kind": "deck",
        "items": []
    }
]
[]
{"r":{"k":1}}
array(1) {
  ["k"]=>
  int(1)
}
Method [ <internal:phpbind_test, prototype JsonSerializable> public method jsonSerialize ] {

  - Parameters [0] {
  }
  - Return [ array ]
}
Error: Object of class PhpBind\Cents could not be converted to string
