<?php
// phpbind-stubgen.php — writes <module>.stub.php: the PHP declarations of a
// loaded extension, for IDEs and static analysers.
//
//   PHPBIND_STUB_METADATA=<dir> php -n -d extension=<ext.so> phpbind-stubgen.php <module> <out.stub.php>
//
// Reflection gives what the engine knows (namespaces, functions, classes,
// interfaces, enums, constants, properties, types, defaults, by-reference and
// variadic parameters); <dir>/<module>.json, which a phpbind module writes
// when PHPBIND_STUB_METADATA is set, adds what only phpbind knows: the doc
// comments given in C++ and the precise array types (array<string,int>),
// written as phpdoc. phpbind_add_stubs() runs this after the build.

if ($argc < 3) {
    fwrite(STDERR, "usage: php -d extension=<ext.so> phpbind-stubgen.php <module> <out.stub.php>\n");
    exit(2);
}
[$_, $module, $out] = $argv;
if (!extension_loaded($module)) {
    fwrite(STDERR, "phpbind-stubgen: extension '$module' is not loaded\n");
    exit(1);
}
$meta = ['functions' => [], 'classes' => []];
$dir = getenv('PHPBIND_STUB_METADATA');
if ($dir !== false && is_file("$dir/$module.json")) {
    $meta = json_decode(file_get_contents("$dir/$module.json"), true, 512, JSON_THROW_ON_ERROR);
}

const BUILTIN = ['int', 'float', 'string', 'bool', 'array', 'mixed', 'null', 'false', 'true', 'object',
                 'callable', 'iterable', 'void', 'never', 'static', 'self', 'parent', 'list'];

/** A type as a stub spells it: class names fully qualified. */
function type_str(?ReflectionType $t): string {
    if ($t === null) return '';
    if ($t instanceof ReflectionUnionType) {
        return implode('|', array_map('type_str', $t->getTypes()));
    }
    if ($t instanceof ReflectionIntersectionType) {
        return implode('&', array_map('type_str', $t->getTypes()));
    }
    $name = $t->getName();
    $spelled = $t->isBuiltin() || in_array(strtolower($name), BUILTIN, true) ? $name : '\\' . ltrim($name, '\\');
    return $t->allowsNull() && $name !== 'mixed' && $name !== 'null' ? "?$spelled" : $spelled;
}

/** A phpdoc type from phpbind's metadata: class names fully qualified. */
function phpdoc_str(string $t): string {
    return preg_replace_callback('/[A-Za-z_\\\\][A-Za-z0-9_\\\\]*/', function ($m) {
        return in_array(strtolower($m[0]), BUILTIN, true) ? $m[0] : '\\' . ltrim($m[0], '\\');
    }, $t);
}

/** A constant expression for a value. */
function value_str(mixed $v): string {
    if (is_float($v)) {
        if (is_nan($v)) return 'NAN';
        if (is_infinite($v)) return $v > 0 ? 'INF' : '-INF';
    }
    if (is_object($v) && $v instanceof UnitEnum) return '\\' . get_class($v) . '::' . $v->name;
    if ($v === PHP_INT_MIN) return 'PHP_INT_MIN';
    if ($v === null) return 'null';
    return var_export($v, true);
}

function short_name(string $name): string {
    $p = strrpos($name, '\\');
    return $p === false ? $name : substr($name, $p + 1);
}

function namespace_of(string $name): string {
    $p = strrpos($name, '\\');
    return $p === false ? '' : substr($name, 0, $p);
}

/** A doc comment from a description and tag lines, indented. */
function doc_comment(?string $text, array $tags, string $indent): string {
    $lines = [];
    if ($text !== null && $text !== '') {
        foreach (explode("\n", str_replace('*/', '*\/', $text)) as $l) $lines[] = rtrim($l);
    }
    if ($lines && $tags) $lines[] = '';
    array_push($lines, ...$tags);
    if (!$lines) return '';
    $s = "$indent/**\n";
    foreach ($lines as $l) $s .= $l === '' ? "$indent *\n" : "$indent * $l\n";
    return $s . "$indent */\n";
}

function signature(ReflectionFunctionAbstract $f, ?array $m, string $indent, string $prefix, bool $body): string {
    $params = [];
    $tags = [];
    foreach ($f->getParameters() as $i => $p) {
        $s = type_str($p->getType());
        if ($s !== '') $s .= ' ';
        if ($p->isPassedByReference()) $s .= '&';
        if ($p->isVariadic()) $s .= '...';
        $s .= '$' . $p->getName();
        if ($p->isDefaultValueAvailable()) {
            $s .= ' = ' . ($p->isDefaultValueConstant() ? $p->getDefaultValueConstantName() : value_str($p->getDefaultValue()));
        } elseif ($p->isOptional() && !$p->isVariadic()) {
            $s .= ' = UNKNOWN';  // optional with no declared default, as php-src's own stubs write it
        }
        $params[] = $s;
        $pm = $m['params'][$i] ?? null;
        if ($pm && ($pm['type'] !== null || $pm['doc'] !== null)) {
            $t = $pm['type'] !== null ? phpdoc_str($pm['type']) : (type_str($p->getType()) ?: 'mixed');
            if ($p->isVariadic()) $t .= ' ...';
            $tags[] = rtrim("@param $t \${$p->getName()} " . ($pm['doc'] ?? ''));
        }
    }
    if ($m && $m['return'] !== null) $tags[] = '@return ' . phpdoc_str($m['return']);
    // A tentative return type (as PHP's own interface methods have) is no declaration in userland.
    elseif ($f->hasTentativeReturnType()) $tags[] = '@return ' . type_str($f->getTentativeReturnType());
    $ret = $f->hasReturnType() ? ': ' . type_str($f->getReturnType()) : '';
    // Userland cannot declare a tentative type: the attribute PHP asks for instead.
    $attr = $f instanceof ReflectionMethod && $f->hasTentativeReturnType() ? "$indent#[\\ReturnTypeWillChange]\n" : '';
    return doc_comment($m['doc'] ?? null, $tags, $indent) . $attr .
           "$indent{$prefix}function {$f->getShortName()}(" . implode(', ', $params) . ")$ret" . ($body ? " {}\n" : ";\n");
}

function visibility(Reflector $r): string {
    return $r->isPrivate() ? 'private' : ($r->isProtected() ? 'protected' : 'public');
}

function declare_class(ReflectionClass $c, array $meta): string {
    $m = $meta['classes'][strtolower($c->getName())] ?? ['doc' => null, 'methods' => []];
    $enum = $c->isEnum();
    $iface = $c->isInterface();
    // Only the interfaces declared here: not those a parent or another listed
    // interface brings (Traversable comes with IteratorAggregate), nor the
    // ones the engine adds itself to enums.
    $implied = $c->getParentClass() ? $c->getParentClass()->getInterfaceNames() : [];
    $own = array_diff($c->getInterfaceNames(), $implied, $enum ? ['UnitEnum', 'BackedEnum'] : []);
    foreach ($own as $i) $implied = array_merge($implied, (new ReflectionClass($i))->getInterfaceNames());
    $own = array_values(array_diff($own, $implied));
    $s = doc_comment($m['doc'], [], '    ');
    if ($enum) {
        $e = new ReflectionEnum($c->getName());
        $s .= '    enum ' . $c->getShortName() . ($e->isBacked() ? ': ' . $e->getBackingType() : '');
    } elseif ($iface) {
        $s .= '    interface ' . $c->getShortName();
    } else {
        $mods = ($c->isFinal() ? 'final ' : '') . ($c->isAbstract() ? 'abstract ' : '') .
                (method_exists($c, 'isReadOnly') && $c->isReadOnly() ? 'readonly ' : '');
        $s .= "    {$mods}class " . $c->getShortName();
        if ($c->getParentClass()) $s .= ' extends \\' . $c->getParentClass()->getName();
    }
    if ($own) $s .= ($iface ? ' extends ' : ' implements ') . implode(', ', array_map(fn($i) => "\\$i", $own));
    $s .= "\n    {\n";
    $name = $c->getName();
    if ($enum) {
        foreach ((new ReflectionEnum($name))->getCases() as $case) {
            $s .= "        case {$case->getName()}" .
                  ($case instanceof ReflectionEnumBackedCase ? ' = ' . value_str($case->getBackingValue()) : '') . ";\n";
        }
    }
    foreach ($c->getReflectionConstants() as $k) {
        if ($k->getDeclaringClass()->getName() !== $name || (method_exists($k, 'isEnumCase') && $k->isEnumCase())) continue;
        $s .= '        ' . ($k->isFinal() ? 'final ' : '') . visibility($k) . " const {$k->getName()} = " .
              value_str($k->getValue()) . ";\n";
    }
    foreach ($c->getProperties() as $p) {
        if ($p->getDeclaringClass()->getName() !== $name) continue;
        if ($enum && in_array($p->getName(), ['name', 'value'], true)) continue;
        $t = type_str($p->getType());
        $s .= '        ' . visibility($p) . ($p->isStatic() ? ' static' : '') . ($p->isReadOnly() ? ' readonly' : '') .
              ($t !== '' ? " $t" : '') . ' $' . $p->getName();
        if ($p->hasDefaultValue() && !($p->getDefaultValue() === null && $t === '')) {
            $s .= ' = ' . value_str($p->getDefaultValue());
        }
        $s .= ";\n";
    }
    foreach ($c->getMethods() as $f) {
        if ($f->getDeclaringClass()->getName() !== $name) continue;
        if ($enum && in_array(strtolower($f->getName()), ['cases', 'from', 'tryfrom'], true)) continue;
        $mm = $m['methods'][strtolower($f->getName())] ?? null;
        if ($iface) {
            $s .= signature($f, $mm, '        ', 'public ' . ($f->isStatic() ? 'static ' : ''), false);
            continue;
        }
        $mods = ($f->isAbstract() ? 'abstract ' : '') . ($f->isFinal() ? 'final ' : '') . visibility($f) . ' ' .
                ($f->isStatic() ? 'static ' : '');
        $s .= signature($f, $mm, '        ', $mods, !$f->isAbstract());
    }
    return $s . "    }\n";
}

$ext = new ReflectionExtension($module);
$blocks = [];  // namespace => declarations
$consts = [];  // namespace => constant lines
foreach ($ext->getConstants() as $name => $value) {
    $consts[namespace_of($name)][] = '    const ' . short_name($name) . ' = ' . value_str($value) . ";\n";
}
foreach ($consts as $ns => $lines) $blocks[$ns][] = implode('', $lines);
foreach ($ext->getFunctions() as $f) {
    $blocks[$f->getNamespaceName()][] = signature($f, $meta['functions'][strtolower($f->getName())] ?? null, '    ', '', true);
}
// Parents and interfaces before the classes that use them: the stub is one
// file, declared top to bottom.
$classes = $ext->getClasses();
$done = [];
$emit = function (ReflectionClass $c) use (&$emit, &$done, &$blocks, $classes, $meta) {
    $key = strtolower($c->getName());
    if (isset($done[$key])) return;
    $done[$key] = true;
    $deps = $c->getInterfaceNames();
    if ($c->getParentClass()) $deps[] = $c->getParentClass()->getName();
    foreach ($deps as $d) {
        if (isset($classes[$d]) || isset(array_change_key_case($classes)[strtolower($d)])) {
            $emit(new ReflectionClass($d));
        }
    }
    $blocks[$c->getNamespaceName()][] = declare_class($c, $meta);
};
foreach ($classes as $c) $emit($c);

$stub = "<?php\n\n// The declarations of the $module extension, generated from the loaded\n" .
        "// extension by phpbind-stubgen.php. Not meant to be included with it loaded.\n";
foreach ($blocks as $ns => $decls) {
    $stub .= "\nnamespace" . ($ns === '' ? '' : " $ns") . " {\n" . implode("\n", $decls) . "}\n";
}
if (file_put_contents($out, $stub) === false) {
    fwrite(STDERR, "phpbind-stubgen: cannot write $out\n");
    exit(1);
}
