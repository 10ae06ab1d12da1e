<?php
// tests/tools/reflect-dump.php — a normalised listing of declarations, to
// hold a generated stub to the extension it describes (check-stubs.sh).
//
//   php -d extension=<ext.so> reflect-dump.php --extension=<module>
//   php reflect-dump.php --stub=<file.stub.php>
//
// The first lists what the loaded extension declares; the second includes the
// stub (without the extension) and lists what it declared in userland. The
// two listings must be equal: same names, kinds, modifiers, parents,
// interfaces, constants, properties, parameters, defaults and types.

$opt = getopt('', ['extension:', 'stub:']);
if (isset($opt['extension'])) {
    $ext = new ReflectionExtension($opt['extension']);
    $functions = array_keys($ext->getFunctions());
    $classes = array_keys($ext->getClasses());
    $constants = $ext->getConstants();
} else {
    $before_f = get_defined_functions()['user'];
    $before_c = array_merge(get_declared_classes(), get_declared_interfaces());
    require $opt['stub'];
    $functions = array_diff(get_defined_functions()['user'], $before_f);
    $classes = array_diff(array_merge(get_declared_classes(), get_declared_interfaces()), $before_c);
    $constants = get_defined_constants(true)['user'] ?? [];
}

function t(?ReflectionType $t): string { return $t === null ? '-' : (string) $t; }

function v(mixed $v): string {
    if (is_float($v) && is_nan($v)) return 'NAN';
    return str_replace("\n", '\n', var_export($v, true));
}

// An optional parameter with no declared default: `= <default>` in Reflection, `= UNKNOWN` in a stub.
function default_str(ReflectionParameter $p): string {
    if ($p->isDefaultValueAvailable()) {
        if ($p->isDefaultValueConstant() && $p->getDefaultValueConstantName() === 'UNKNOWN') return ' = UNKNOWN';
        return ' = ' . v($p->getDefaultValue());
    }
    return $p->isOptional() && !$p->isVariadic() ? ' = UNKNOWN' : '';
}

function fn_line(ReflectionFunctionAbstract $f): string {
    $ps = [];
    foreach ($f->getParameters() as $p) {
        $ps[] = t($p->getType()) . ($p->isPassedByReference() ? ' &' : ' ') . ($p->isVariadic() ? '...' : '') .
                '$' . $p->getName() . ($p->isOptional() ? ' opt' : '') .
                default_str($p);
    }
    return strtolower($f->getName()) . '(' . implode(', ', $ps) . '): ' . t($f->getReturnType()) .
           ($f->returnsReference() ? ' &' : '');
}

$out = [];
foreach ($constants as $name => $value) $out[] = "const $name = " . v($value);
foreach ($functions as $name) $out[] = 'function ' . fn_line(new ReflectionFunction($name));
foreach ($classes as $name) {
    $c = new ReflectionClass($name);
    $kind = $c->isEnum() ? 'enum' : ($c->isInterface() ? 'interface' : 'class');
    $ifaces = $c->getInterfaceNames();
    sort($ifaces);
    $out[] = "$kind {$c->getName()}" . ($c->isFinal() ? ' final' : '') . ($c->isAbstract() && !$c->isInterface() ? ' abstract' : '') .
             ($c->getParentClass() ? ' extends ' . $c->getParentClass()->getName() : '') .
             ($ifaces ? ' implements ' . implode(',', $ifaces) : '');
    foreach ($c->getReflectionConstants() as $k) {
        $out[] = "  const {$c->getName()}::{$k->getName()} " . implode(' ', Reflection::getModifierNames($k->getModifiers())) .
                 ' = ' . v($k->getValue());
    }
    foreach ($c->getProperties() as $p) {
        $out[] = "  prop {$c->getName()}::\${$p->getName()} " . implode(' ', Reflection::getModifierNames($p->getModifiers())) .
                 ' ' . t($p->getType()) . ($p->hasDefaultValue() ? ' = ' . v($p->getDefaultValue()) : '') .
                 ' from ' . $p->getDeclaringClass()->getName();
    }
    foreach ($c->getMethods() as $m) {
        $out[] = "  method {$c->getName()}::" . implode(' ', Reflection::getModifierNames($m->getModifiers())) . ' ' .
                 fn_line($m) . ' from ' . $m->getDeclaringClass()->getName();
    }
}
sort($out);
echo implode("\n", $out), "\n";
