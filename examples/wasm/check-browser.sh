#!/usr/bin/env bash
# examples/wasm/check-browser.sh — the page in headless Chromium: served over HTTP (php -S), a
# snippet given in the address (?code=...) run on load with examples/hello's module, its output
# read back from the page; a screenshot of the page is kept as an artifact.
#
#   check-browser.sh <directory with index.html, hellowasm.js, hellowasm.wasm> <screenshot.png>
set -euo pipefail
dir=$1 shot=$2
bash "$(dirname "$0")/../../tools/ensure-deps.sh" chromium >&2
php=$(command -v php8.2 || command -v php)
port=$(( 20000 + RANDOM % 20000 ))
"$php" -n -S "127.0.0.1:$port" -t "$dir" >/dev/null 2>&1 &
server=$!
profile=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$profile"' EXIT
for _ in $(seq 50); do
  (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
  sleep 0.1
done
code='echo Hello\greet("browser", 2), "\n", Hello\slugify("PHP in WebAssembly!"), "\n", PHP_INT_SIZE * 8, "-bit ints\n";'
query=$("$php" -r 'echo rawurlencode($argv[1]);' "$code")
url="http://127.0.0.1:$port/index.html?code=$query"
chrome=(chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run
        --user-data-dir="$profile" --virtual-time-budget=20000)
dom=$("${chrome[@]}" --dump-dom "$url" 2>/dev/null)
"${chrome[@]}" --window-size=900,700 --screenshot="$shot" "$url" >/dev/null 2>&1 || true
output=$(printf '%s' "$dom" | "$php" -n -r '
  $html = stream_get_contents(STDIN);
  $text = fn($id) => preg_match("~<[a-z]+ id=\"$id\"[^>]*>(.*?)</~s", $html, $m) ? html_entity_decode($m[1]) : "(no #$id)";
  echo "status: ", $text("status"), "\n", rtrim($text("output"));')
echo "$output"
expected=$'status: ran\nHello, browser! Hello, browser!\nphp-in-webassembly\n32-bit ints'
if [ "$output" != "$expected" ]; then
  echo "check-browser: the page did not show the snippet's output; expected:" >&2
  echo "$expected" >&2
  exit 1
fi
[ -s "$shot" ] && echo "screenshot: $shot ($(stat -c %s "$shot") bytes)"
echo "browser: the snippet ran in the page"
