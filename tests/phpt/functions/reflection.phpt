--TEST--
Functions: arg info generated from the C++ signature, as Reflection shows it
--EXTENSIONS--
phpbind_test
--FILE--
<?php
foreach (['pb_add', 'pb_u8', 'pb_opt_int', 'pb_opt_str', 'pb_type_of', 'pb_identity', 'pb_nothing',
          'pb_join_ints', 'pb_ref_inc', 'pb_ref_set_mixed', 'pb_defaults', 'PhpBind\Test\hello',
          'pb_lambda_prefix', 'pb_unnamed'] as $f) {
    $r = new ReflectionFunction($f);
    $params = [];
    foreach ($r->getParameters() as $p) {
        $s = ($p->hasType() ? $p->getType() . ' ' : '') . ($p->isPassedByReference() ? '&' : '')
           . ($p->isVariadic() ? '...' : '') . '$' . $p->getName();
        if ($p->isDefaultValueAvailable()) {
            $s .= ' = ' . var_export($p->getDefaultValue(), true);
        }
        $params[] = $s;
    }
    printf("%s(%s): %s  [required %d, internal %s, ext %s]\n", $r->getName(), implode(', ', $params),
           $r->getReturnType(), $r->getNumberOfRequiredParameters(),
           var_export($r->isInternal(), true), $r->getExtensionName());
}
echo new ReflectionFunction('pb_defaults');
?>
--EXPECT--
pb_add(int $a, int $b = 1): int  [required 1, internal true, ext phpbind_test]
pb_u8(int $x): int  [required 1, internal true, ext phpbind_test]
pb_opt_int(?int $x): ?int  [required 1, internal true, ext phpbind_test]
pb_opt_str(?string $s = NULL): string  [required 0, internal true, ext phpbind_test]
pb_type_of(mixed $value): string  [required 1, internal true, ext phpbind_test]
pb_identity(mixed $value): mixed  [required 1, internal true, ext phpbind_test]
pb_nothing(): void  [required 0, internal true, ext phpbind_test]
pb_join_ints(string $separator, int ...$numbers): string  [required 1, internal true, ext phpbind_test]
pb_ref_inc(?int &$x): void  [required 1, internal true, ext phpbind_test]
pb_ref_set_mixed(mixed &$target, int $kind): void  [required 2, internal true, ext phpbind_test]
pb_defaults(int $a = -5, float $b = 1.5, string $c = 'it\'s \\ "q"', bool $d = true, ?int $e = NULL, mixed $f = 'x', ?string $g = 'tab	here'): string  [required 0, internal true, ext phpbind_test]
PhpBind\Test\hello(): string  [required 0, internal true, ext phpbind_test]
pb_lambda_prefix(string $s): string  [required 1, internal true, ext phpbind_test]
pb_unnamed(int $arg0): int  [required 1, internal true, ext phpbind_test]
Function [ <internal:phpbind_test> function pb_defaults ] {

  - Parameters [7] {
    Parameter #0 [ <optional> int $a = -5 ]
    Parameter #1 [ <optional> float $b = 1.5 ]
    Parameter #2 [ <optional> string $c = 'it\'s \\ "q"' ]
    Parameter #3 [ <optional> bool $d = true ]
    Parameter #4 [ <optional> ?int $e = null ]
    Parameter #5 [ <optional> mixed $f = 'x' ]
    Parameter #6 [ <optional> ?string $g = "tab\x09here" ]
  }
  - Return [ string ]
}
