<?php
// Writes the application's 300 classes to src/App/Service/ (bench/server.sh runs it once).
$dir = __DIR__ . '/src/App/Service';
@mkdir($dir, 0777, true);
for ($i = 0; $i < 300; $i++) {
    $methods = '';
    for ($m = 0; $m < 10; $m++) {
        $methods .= "    public function op$m(int \$x): int { return \$x * $m + \$this->n; }\n";
    }
    file_put_contents("$dir/S$i.php", "<?php\nnamespace App\\Service;\n\nfinal class S$i\n{\n"
        . "    public function __construct(private int \$n) {}\n$methods"
        . "    public function describe(string \$id): string { return 'S$i answers ' . \$id . ' with ' . \$this->op3(7); }\n}\n");
}
