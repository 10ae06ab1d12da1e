<?php
// tests/docs/public-names.php — the public names of phpbind's headers: the
// types, aliases, variables and free functions of namespace php (not
// php::detail), and the public member functions of its types. Used by
// check-reference.php; run alone, it lists them ("Type" or "Type::member").
//
//   php public-names.php <include dir>

/** The headers' text with comments, literals and preprocessor lines gone. */
function clean(string $s): string {
    $s = preg_replace('~PHPBIND_DEFINE_THROWABLE\((\w+),[^)\n]*\)~', 'struct $1 phpbind_throwable;', $s);
    $s = str_replace(['PHPBIND_NAMESPACE_BEGIN', 'PHPBIND_NAMESPACE_END'], ['namespace php { inline namespace v0_1 {', '} }'], $s);
    $keep_lines = fn($m) => str_repeat("\n", substr_count($m[0], "\n"));
    $s = preg_replace_callback('~//[^\n]*|/\*.*?\*/~s', $keep_lines, $s);
    $s = preg_replace_callback('~"(?:\\\\.|[^"\\\\])*"|\'(?:\\\\.|[^\'\\\\])+\'~s', fn($m) => '""' . $keep_lines($m), $s);
    $s = preg_replace_callback('~^[ \t]*#(?:[^\n]*\\\\\n)*[^\n]*~m', $keep_lines, $s);
    $s = preg_replace('~\[\[[^\]]*\]\]|\b(PHPBIND_INLINE|PHPBIND_COLD|PHPBIND_EXPORT|PHPBIND_VIEW_STAMP|PHPBIND_VIEW_CHECK\([^)]*\);?)~', ' ', $s);
    return $s;
}

/** Removes a leading `template <...>` (balanced) and `requires ...` clause. */
function strip_template(string $h): string {
    while (preg_match('~^\s*template\s*<~', $h)) {
        $i = strpos($h, '<');
        $depth = 0;
        for ($j = $i; $j < strlen($h); $j++) {
            if ($h[$j] === '<') $depth++;
            if ($h[$j] === '>' && --$depth === 0) break;
        }
        $h = substr($h, $j + 1);
    }
    $h = ltrim($h);
    if (str_starts_with($h, 'requires')) {
        $h = ltrim(substr($h, 8));
        if ($h !== '' && $h[0] === '(') {
            $depth = 0;
            for ($j = 0; $j < strlen($h); $j++) {
                if ($h[$j] === '(') $depth++;
                if ($h[$j] === ')' && --$depth === 0) break;
            }
            $h = substr($h, $j + 1);
        } else {
            $h = preg_replace('~^[\w:<>,\s]*?(?=\b(class|struct|inline|static|constexpr|void|bool|auto)\b)~', '', $h);
        }
    }
    return trim($h);
}

/** The name a declaration header declares, and what it is, or null. */
function declared(string $h, ?string $type, bool $forward = false): ?array {
    $h = strip_template(preg_replace('~\s+~', ' ', $h));
    if ($h === '' || preg_match('~^(friend|static_assert|return|using namespace|typedef)\b~', $h)) return null;
    if (preg_match('~^(?:class|struct|union|enum(?: class)?) (\w+)( phpbind_throwable)?~', $h, $m)) {
        // A forward declaration is not the type's declaration; a throwable's macro is.
        return $forward && !isset($m[2]) ? null : ['type', $m[1]];
    }
    if (preg_match('~^using (\w+) =~', $h, $m)) return ['type', $m[1]];
    if (str_contains($h, 'operator')) return null;
    if (preg_match('~^\w+\(.*\)\s*->~', $h)) return null;  // a deduction guide
    // The throwable types are declared by a macro: PHPBIND_DEFINE_THROWABLE(name, ...).
    if (preg_match('~^PHPBIND_DEFINE_THROWABLE\((\w+)~', $h, $m)) return ['type', $m[1]];
    if (preg_match('~^[A-Z][A-Z0-9_]+\(~', $h)) return null;  // another macro
    // A function: the identifier before the first '(' outside template arguments.
    $angle = 0;
    for ($i = 0; $i < strlen($h); $i++) {
        $c = $h[$i];
        if ($c === '<') $angle++;
        elseif ($c === '>') $angle = max(0, $angle - 1);
        elseif ($c === '(' && $angle === 0) {
            if (($h[$i + 1] ?? '') === '*' || ($h[$i + 1] ?? '') === '&') return null;  // a pointer to function
            if (preg_match('/((?:\w+::)*~?\w+)\s*$/', substr($h, 0, $i), $m)) {
                $n = $m[1];
                if (str_contains($n, '::')) return null;  // a member defined out of its class
                if ($n[0] === '~' || $n === $type || in_array($n, ['decltype', 'noexcept', 'alignas', 'sizeof', 'requires'], true)) return null;
                return ['function', $n];
            }
            return null;
        } elseif ($c === '=' && $angle === 0) {
            break;
        }
    }
    // A variable: `inline constexpr T name = ...`.
    if (preg_match('~^(?:inline |static |constexpr |const )+[\w:<>, ]+?\b(\w+) =~', $h, $m)) return ['variable', $m[1]];
    return null;
}

/** Records a name: namespace-scope names of every kind; members only if functions of a user-facing type. */
function record(array &$names, string $scope, array $decl, array $where): void {
    if ($scope !== '' && $scope !== 'op') {
        // Member functions only; not std::exception's what(), not the operator tags' apply().
        if ($decl[0] !== 'function' || $decl[1] === 'what' || str_starts_with($scope, 'op::')) return;
        // The caster specialisations implement one protocol, documented once (load, try_load, get, ...).
        if (preg_match('/(^|::)(caster|\w+_caster(_base)?)(::|$)/', $scope)) return;
    }
    $name = ltrim("$scope::{$decl[1]}", ':');
    $names[$name][] = $where;  // [file, line, declaration]: one per overload
}

function scan(string $file, string $text, array &$names): void {
    $stack = [];  // each: ['ns', name] | ['type', name, access] | ['block']
    $header = '';
    $line = 1;    // of the character at $i
    $hline = 0;   // where the header began
    $where = function () use (&$header, &$hline, $file) {
        return [$file, $hline, trim(preg_replace('~\s+~', ' ', $header))];
    };
    $len = strlen($text);
    $public = function () use (&$stack): ?string {  // the type path if this scope is public API
        $path = [];
        $in_php = false;
        foreach ($stack as $s) {
            if ($s[0] === 'block') return null;
            if ($s[0] === 'ns') {
                if ($s[1] === 'php') $in_php = true;
                elseif ($s[1] === '' || $s[1] === 'detail') return null;  // an anonymous namespace, php::detail
                elseif ($s[1] !== 'v0_1') $path[] = $s[1];               // php::op
                continue;
            }
            if ($s[2] !== 'public') return null;
            $path[] = $s[1];
        }
        return $in_php ? implode('::', $path) : null;
    };
    for ($i = 0; $i < $len; $i++) {
        $c = $text[$i];
        if ($c === "\n") $line++;
        if (trim($header) === '' && trim($c) !== '') $hline = $line;
        if ($c === '{') {
            $w = $where();
            $h = trim($header);
            $header = '';
            $scope = $public();
            $d = strip_template(preg_replace('~\s+~', ' ', $h));
            if (preg_match('~^(?:inline )?namespace ?(\w*)~', $d, $m)) {
                $stack[] = ['ns', $m[1]];
            } elseif (preg_match('~^(class|struct|union) (\w+)[^(]*$~', $d, $m)) {
                if ($scope !== null && (!$stack || end($stack)[0] === 'ns')) {
                    $names[ltrim("$scope::{$m[2]}", ':')][] = $w;
                }
                $stack[] = ['type', $m[2], $m[1] === 'class' ? 'private' : 'public'];
            } elseif (preg_match('~^enum(?: class)? (\w+)~', $d, $m)) {
                if ($scope !== null && (!$stack || end($stack)[0] === 'ns')) {
                    $names[ltrim("$scope::{$m[1]}", ':')][] = $w;
                }
                $stack[] = ['block'];
            } else {
                if ($scope !== null && ($decl = declared($h, end($stack)[0] === 'type' ? end($stack)[1] : null))) {
                    record($names, $scope, $decl, $w);
                }
                $stack[] = ['block'];
            }
        } elseif ($c === '}') {
            array_pop($stack);
            $header = '';
        } elseif ($c === ';') {
            $scope = $public();
            if ($scope !== null && ($decl = declared($header, end($stack)[0] === 'type' ? end($stack)[1] : null, true))) {
                record($names, $scope, $decl, $where());
            }
            $header = '';
        } elseif ($c === ':' && end($stack) && end($stack)[0] === 'type' &&
                  preg_match('~(?:^|\s)(public|private|protected)\s*$~', $header, $m) && ($text[$i + 1] ?? '') !== ':') {
            $stack[count($stack) - 1][2] = $m[1];
            $header = '';
        } elseif ($c === '(' ) {
            // Skip a parenthesised group whole: lambdas and braces inside it are not scopes.
            $depth = 0;
            for ($j = $i; $j < $len; $j++) {
                if ($text[$j] === '(') $depth++;
                elseif ($text[$j] === ')' && --$depth === 0) break;
            }
            $group = substr($text, $i, $j - $i + 1);
            $line += substr_count($group, "\n");
            $header .= $group;
            $i = $j;
        } else {
            $header .= $c;
        }
    }
}

/** name => list of [header, line, declaration], names sorted. */
function public_names(string $include): array {
    $names = [];
    // detail/ headers declare public names too (casters of bound classes): those outside php::detail.
    foreach (array_merge(glob("$include/phpbind/*.hpp"), glob("$include/phpbind/detail/*.hpp")) as $f) {
        scan(substr($f, strlen("$include/phpbind/")), clean(file_get_contents($f)), $names);
    }
    ksort($names, SORT_STRING | SORT_FLAG_CASE);
    return $names;
}

if (realpath($argv[0]) === __FILE__) {
    echo implode("\n", array_keys(public_names($argv[1] ?? dirname(__DIR__, 2) . '/include'))), "\n";
}
