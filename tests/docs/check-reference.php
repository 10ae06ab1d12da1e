<?php
// tests/docs/check-reference.php — docs/reference.md is what reference.php
// generates from the headers, and every public name has a doc comment.
//
//   php check-reference.php <phpbind source dir>
require __DIR__ . '/public-names.php';
$src = $argv[1];
$fail = [];
$names = public_names("$src/include");
// The scanner itself: a few names it must find, so it cannot pass by finding nothing.
foreach (['Value', 'Value::adopt', 'ValueView::as_int', 'Runtime::run_file', 'module::def', 'class_::def',
          'Persistent::detach', 'throw_if_pending', 'weak', 'type_error', 'op::add', 'caster'] as $n) {
    if (!isset($names[$n])) $fail[] = "the header scanner did not find php::$n";
}
$gen = __DIR__ . '/reference.php';
$missing = trim((string) shell_exec(escapeshellarg(PHP_BINARY) . " -n $gen " . escapeshellarg("$src/include") . " --missing"));
if ($missing !== '') $fail[] = "public names without a doc comment (add a /// comment above each):\n$missing";
$expected = shell_exec(escapeshellarg(PHP_BINARY) . " -n $gen " . escapeshellarg("$src/include"));
$actual = file_get_contents("$src/docs/reference.md");
if ($expected !== $actual) {
    $fail[] = "docs/reference.md is out of date: php -n tests/docs/reference.php include > docs/reference.md";
}
if ($fail) {
    echo implode("\n", $fail), "\n";
    exit(1);
}
echo "ok: ", count($names), " public names, each documented in docs/reference.md\n";
