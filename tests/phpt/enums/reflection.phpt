--TEST--
Enums: Reflection of bound enums (ReflectionEnum, cases, backing type, methods) and of functions taking and returning them (ReflectionNamedType)
--EXTENSIONS--
phpbind_test
--FILE--
<?php
use PhpBind\{Color, Level, Suit};
function type(?ReflectionType $t) {
    return $t instanceof ReflectionNamedType
        ? sprintf("%s, name %s (builtin: %s, nullable: %s)", $t, $t->getName(),
                  var_export($t->isBuiltin(), true), var_export($t->allowsNull(), true))
        : 'none';
}
foreach (['pb_next_color', 'pb_maybe_color', 'pb_level_up', 'pb_suit_of', 'pb_color_names'] as $fn) {
    $f = new ReflectionFunction($fn);
    foreach ($f->getParameters() as $p) {
        echo "$fn(\$", $p->getName(), "): ", type($p->getType()),
             $p->isDefaultValueAvailable() ? ' = ' . var_export($p->getDefaultValue(), true) : '', "\n";
    }
    echo "$fn: ", type($f->getReturnType()), "\n";
}
foreach ([Color::class, Level::class, Suit::class, PbSparse::class] as $name) {
    $e = new ReflectionEnum($name);
    echo $e->getName(), ": backed ", var_export($e->isBacked(), true), ", type ", $e->getBackingType() ?? 'none',
         ", final ", var_export($e->isFinal(), true), ", internal ", var_export($e->isInternal(), true),
         ", extension ", $e->getExtensionName(), ", interfaces ", implode(',', $e->getInterfaceNames()), "\n";
    foreach ($e->getCases() as $c) {
        echo "  ", get_class($c), " ", $c->getName(), $c instanceof ReflectionEnumBackedCase ? ' = ' . var_export($c->getBackingValue(), true) : '',
             ", same object: ", var_export($c->getValue() === constant("$name::{$c->getName()}"), true), "\n";
    }
}
var_dump((new ReflectionEnum(Color::class))->getCase('Green')->getValue() === Color::Green);
var_dump((new ReflectionEnum(Level::class))->hasCase('High'), (new ReflectionEnum(Level::class))->hasCase('high'));
echo new ReflectionMethod(Color::class, 'is');
echo new ReflectionMethod(Color::class, 'favourite');
echo new ReflectionMethod(Suit::class, 'isRed');
echo new ReflectionFunction('pb_maybe_color');
?>
--EXPECT--
pb_next_color($c): PhpBind\Color, name PhpBind\Color (builtin: false, nullable: false)
pb_next_color: PhpBind\Color, name PhpBind\Color (builtin: false, nullable: false)
pb_maybe_color($c): ?PhpBind\Color, name PhpBind\Color (builtin: false, nullable: true) = NULL
pb_maybe_color: ?PhpBind\Color, name PhpBind\Color (builtin: false, nullable: true)
pb_level_up($level): PhpBind\Level, name PhpBind\Level (builtin: false, nullable: false)
pb_level_up: PhpBind\Level, name PhpBind\Level (builtin: false, nullable: false)
pb_suit_of($name): string, name string (builtin: true, nullable: false)
pb_suit_of: PhpBind\Suit, name PhpBind\Suit (builtin: false, nullable: false)
pb_color_names($colors): array, name array (builtin: true, nullable: false)
pb_color_names: string, name string (builtin: true, nullable: false)
PhpBind\Color: backed false, type none, final true, internal true, extension phpbind_test, interfaces UnitEnum
  ReflectionEnumUnitCase Red, same object: true
  ReflectionEnumUnitCase Green, same object: true
  ReflectionEnumUnitCase Blue, same object: true
PhpBind\Level: backed true, type int, final true, internal true, extension phpbind_test, interfaces BackedEnum,UnitEnum
  ReflectionEnumBackedCase Low = 1, same object: true
  ReflectionEnumBackedCase Mid = 5, same object: true
  ReflectionEnumBackedCase High = 100, same object: true
PhpBind\Suit: backed true, type string, final true, internal true, extension phpbind_test, interfaces BackedEnum,UnitEnum
  ReflectionEnumBackedCase Hearts = 'H', same object: true
  ReflectionEnumBackedCase Spades = 'S', same object: true
  ReflectionEnumBackedCase Clubs = 'C', same object: true
  ReflectionEnumBackedCase Diamonds = 'D', same object: true
PbSparse: backed true, type int, final true, internal true, extension phpbind_test, interfaces BackedEnum,UnitEnum
  ReflectionEnumBackedCase Min = -3, same object: true
  ReflectionEnumBackedCase Mid = 7, same object: true
  ReflectionEnumBackedCase Max = 1000000, same object: true
bool(true)
bool(true)
bool(false)
Method [ <internal:phpbind_test> public method is ] {

  - Parameters [1] {
    Parameter #0 [ <required> PhpBind\Color $other ]
  }
  - Return [ bool ]
}
Method [ <internal:phpbind_test> static public method favourite ] {

  - Parameters [0] {
  }
  - Return [ PhpBind\Color ]
}
Method [ <internal:phpbind_test> public method isRed ] {

  - Parameters [0] {
  }
  - Return [ bool ]
}
Function [ <internal:phpbind_test> function pb_maybe_color ] {

  - Parameters [1] {
    Parameter #0 [ <optional> ?PhpBind\Color $c = null ]
  }
  - Return [ ?PhpBind\Color ]
}
