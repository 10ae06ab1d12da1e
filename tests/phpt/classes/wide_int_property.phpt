--TEST--
Classes: an int64_t data member read in place (cached per opline), on 32-bit engines only while it fits
--EXTENSIONS--
phpbind_test
--FILE--
<?php
// The userland twin: what PHP's own int can hold.
function twin(int $bits, bool $negative): string {
    $fits = $bits < PHP_INT_SIZE * 8 - 1 || ($negative && $bits == PHP_INT_SIZE * 8 - 1);
    if (!$fits) return 'ArithmeticError';
    return (string)($negative ? -(2 ** $bits) : 2 ** $bits);
}
$w = new PhpBind\Wide;
$bad = 0;
$cases = 0;
foreach ([false, true] as $negative) {
    foreach ([0, 1, 30, 31, 32, 40, 62, 3, 31] as $bits) {
        $w->setPow2($bits, $negative);
        // The same opline reads it three times: the first fills the cache,
        // the others read through it.
        for ($i = 0; $i < 3; $i++) {
            try {
                $got = (string)$w->v;
            } catch (ArithmeticError $e) {
                $got = 'ArithmeticError';
            }
            $cases++;
            if ($got !== twin($bits, $negative)) {
                $bad++;
                echo "bits $bits", $negative ? " negative" : "", ": $got, expected ", twin($bits, $negative), "\n";
            }
        }
    }
}
var_dump($cases, $bad);
$w->v = 12345;
var_dump($w->v);
?>
--EXPECT--
int(54)
int(0)
int(12345)
