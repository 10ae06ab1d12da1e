<?php
// The report's look, in PHP. Called by the C++ tool with its orders (a list
// of arrays) and meta data (title, currency, format).
use function Report\money;

function render(array $orders, array $meta): string
{
    $total = 0;
    $byCustomer = [];
    foreach ($orders as $o) {
        $line = $o['quantity'] * $o['unit_cents'];
        $total += $line;
        $byCustomer[$o['customer']] = ($byCustomer[$o['customer']] ?? 0) + $line;
    }
    if ($meta['format'] === 'csv') {
        $out = "customer,item,quantity,amount\n";
        foreach ($orders as $o) {
            $out .= sprintf("%s,%s,%d,%.2f\n", $o['customer'], $o['item'], $o['quantity'],
                            $o['quantity'] * $o['unit_cents'] / 100);
        }
        return $out;
    }
    $out = sprintf("%s (%d orders)\n%s\n", $meta['title'], count($orders), str_repeat('=', 40));
    foreach ($orders as $o) {
        $out .= sprintf("%-8s %-10s %3d x %10s %s\n", $o['customer'], $o['item'], $o['quantity'],
                        money($o['unit_cents']), $meta['currency']);
    }
    arsort($byCustomer);
    $out .= str_repeat('-', 40) . "\n";
    foreach ($byCustomer as $who => $sum) {
        $out .= sprintf("%-8s %27s %s\n", $who, money($sum), $meta['currency']);
    }
    return $out . sprintf("%-8s %27s %s\n\n", 'TOTAL', money($total), $meta['currency']);
}
