#!/usr/bin/env bash
# bench/server.sh — HTTP servers for PHP applications on loopback, in one run, each loaded by
# wrk with the same threads, connections and duration (three rounds; medians reported): nginx +
# php-fpm (Debian's, pm=static, workers = cores), `php -S` (PHP_CLI_SERVER_WORKERS = cores),
# phpbind-server classic and phpbind-server worker mode (workers = cores). Two applications (bench/server/): (a) hello
# world; (b) a framework's bootstrap — an autoloader, 300 classes, a 1,000-route table — on
# every request, or once per process in worker mode. Reports requests/s, p50 and p99 latency and
# memory per worker (RSS and PSS); writes docs/server-performance.md.
#
#   bench/server.sh <build-dir>
#   BENCH_SERVER_SECONDS=10 BENCH_SERVER_CONNECTIONS=32 BENCH_SERVER_DOC=/tmp/x.md bench/server.sh <build-dir>
#
# Targets: classic >= 1.0x nginx + php-fpm on (a) and (b); worker >= 5x nginx + php-fpm on (b);
# worker p99 <= php-fpm p99 on (a). Missed targets are reported, never an error.
set -euo pipefail
die() { echo "server.sh: $*" >&2; exit 2; }
[[ $# -ge 1 && -d $1 ]] || die "usage: server.sh <build-dir>"
build_dir=$(cd "$1" && pwd)
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
doc=${BENCH_SERVER_DOC:-$root/docs/server-performance.md}
seconds=${BENCH_SERVER_SECONDS:-5}
connections=${BENCH_SERVER_CONNECTIONS:-16}
cores=$(nproc)
php=$(sed -n 's/^PHP_EXECUTABLE:[A-Z]*=//p' "$build_dir/CMakeCache.txt" | head -n1)
php=${php:-php}
version=$("$php" -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
fpm=/usr/sbin/php-fpm$version
server="$build_dir/examples/phpbind-server"
[[ -x $server ]] || die "$server is missing: build the phpbind-server target first"
bash "$root/tools/ensure-deps.sh" wrk nginx-light "php$version-fpm" >&2
[[ -x $fpm ]] || die "$fpm is missing"
work=$(mktemp -d)
trap 'for p in $(jobs -p); do kill -KILL -- "-$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
apps="$work/apps"
cp -r "$here/server" "$apps"
"$php" -n "$apps/framework/generate.php"

port=$((20000 + $$ % 20000))
pids=()
start() {  # command...: runs it in its own process group, waits until the port answers
  if curl -s -o /dev/null "http://127.0.0.1:$port/"; then die "port $port is still answering before $1 starts"; fi
  setsid "$@" >"$work/server.log" 2>&1 &
  pids=($!)
  for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && return 0
    sleep 0.1
  done
  cat "$work/server.log" >&2
  die "$1 did not start"
}
stop() {  # the whole process group: the server and its workers
  kill -TERM -- "-${pids[0]}" 2>/dev/null || true
  wait "${pids[@]}" 2>/dev/null || true
  for _ in $(seq 50); do
    pgrep -g "${pids[0]}" >/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-${pids[0]}" 2>/dev/null || true
}
# Memory of the processes that run PHP (the children of $1, or $1 itself), in MiB each: "RSS PSS".
# RSS counts every page a process has resident, shared or not; PSS divides each shared page
# among the processes that share it (a worker's fair share).
rss_per_worker() {
  local kids
  kids=$(pgrep -P "$1" | tr '\n' ' ')
  [[ -n $kids ]] || kids=$1
  for k in $kids; do cat "/proc/$k/smaps_rollup" 2>/dev/null; done |
    awk '$1 == "Rss:" { r += $2; n++ } $1 == "Pss:" { p += $2 }
         END { if (n) printf "%.1f %.1f", r / n / 1024, p / n / 1024; else print "- -" }'
}
# wrk on a path: "requests/s p50 p99" (latencies in ms).
load() {
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "http://127.0.0.1:$port$1" >"$work/wrk.out" 2>&1 || true
  awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps = $2 }
    $1 == "50%" { p50 = ms($2) }
    $1 == "99%" { p99 = ms($2) }
    /Non-2xx/ { bad = $NF }
    /Socket errors/ { gsub(",", ""); errors = $4 + $6 + $8 + $10 }
    END { printf "%.0f %.2f %.2f %s %s\n", rps, p50, p99, bad + 0, errors + 0 }' "$work/wrk.out"
}

declare -A result
# The median of three numbers.
median() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
measure() {  # contender, app, path, pid-of-the-process-whose-children-run-PHP
  local r rpss=() p50s=() p99s=() bad=0 errors=0 b e
  curl -s "http://127.0.0.1:$port$3" >"$work/body" || true
  # Three rounds; each figure is its median (this kind of machine is noisy from one run to the next).
  for _ in 1 2 3; do
    r=$(load "$3")
    read -r rps p50 p99 b e <<<"$r"
    rpss+=("$rps"); p50s+=("$p50"); p99s+=("$p99")
    bad=$((bad + b)); errors=$((errors + e))
  done
  rps=$(median "${rpss[@]}"); p50=$(median "${p50s[@]}"); p99=$(median "${p99s[@]}")
  [[ $bad -eq 0 ]] || echo "server.sh: $1 on $2 answered $bad non-2xx responses" >&2
  result["$1,$2"]="$rps $p50 $p99 $errors $(rss_per_worker "$4")"
  echo "$1 $2: $rps req/s, p50 ${p50} ms, p99 ${p99} ms (rounds: ${rpss[*]} req/s; p99 ${p99s[*]} ms)" >&2
}

declare -A paths=([hello]=/ [framework]=/section7/item350/42)
ini=(-d display_errors=0 -d log_errors=0 -d output_buffering=4096 -d max_execution_time=30)

for app in hello framework; do
  docroot="$apps/$app"
  # nginx + php-fpm, as Debian's packages run them (without opcache, like every contender).
  cat >"$work/fpm.conf" <<EOF
[global]
pid = $work/fpm.pid
error_log = $work/fpm.log
daemonize = no
[www]
listen = 127.0.0.1:$((port + 1))
pm = static
pm.max_children = $cores
EOF
  cat >"$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx.err;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx-body;
  fastcgi_temp_path $work/nginx-fcgi;
  server {
    listen 127.0.0.1:$port;
    root $docroot;
    index index.php;
    location / { try_files \$uri /index.php\$is_args\$args; }
    location ~ \.php$ {
      include /etc/nginx/fastcgi.conf;
      fastcgi_pass 127.0.0.1:$((port + 1));
      fastcgi_keep_conn on;
    }
  }
}
EOF
  setsid "$fpm" -n -R -F -y "$work/fpm.conf" "${ini[@]}" >"$work/fpm.out" 2>&1 &
  fpm_pid=$!
  sleep 0.5
  start nginx -c "$work/nginx.conf" -g 'daemon off;'
  measure "nginx + php-fpm" "$app" "${paths[$app]}" "$fpm_pid"
  stop
  kill -QUIT -- "-$fpm_pid" 2>/dev/null || true
  wait "$fpm_pid" 2>/dev/null || true

  PHP_CLI_SERVER_WORKERS=$cores start "$php" -n "${ini[@]}" -S "127.0.0.1:$port" -t "$docroot" "$docroot/index.php"
  measure "php -S" "$app" "${paths[$app]}" "${pids[0]}"
  stop

  start "$server" --root "$docroot" --listen "127.0.0.1:$port" --workers "$cores" --front-controller index.php "${ini[@]}"
  measure "phpbind-server" "$app" "${paths[$app]}" "${pids[0]}"
  stop

  start "$server" --root "$docroot" --listen "127.0.0.1:$port" --workers "$cores" --worker "$docroot/worker.php" "${ini[@]}"
  measure "phpbind-server worker" "$app" "${paths[$app]}" "${pids[0]}"
  stop
done

# ---- the document --------------------------------------------------------------------------------
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
field() { awk -v i="$2" '{ print $i }' <<<"${result[$1]}"; }
{
  echo "# Server performance"
  echo
  echo "Generated by \`bench/server.sh\` (\`make bench\`) on $(date -u +%Y-%m-%d): PHP $("$php" -r 'echo PHP_VERSION;'), $cores cores,"
  echo "wrk with 2 threads and $connections connections on loopback (wrk shares the cores with the server),"
  echo "three rounds of ${seconds} s per row: requests/s, p50 and p99 are each the median of the three. Every"
  echo "contender runs $cores PHP processes, without opcache, with the same INI settings. Socket errors are"
  echo "wrk's (connect, read, write, timeout), summed over the rounds: a request that never got an answer."
  echo "Memory is read from each PHP process's \`/proc/<pid>/smaps_rollup\` after the last round: RSS counts every"
  echo "page a process has resident, the pages it shares with other processes included; PSS gives each"
  echo "process its share of those (a page two workers share counts half in each)."
  echo
  echo "- **nginx + php-fpm**: Debian's nginx (one worker) and php-fpm (\`pm=static\`, $cores workers),"
  echo "  \`try_files \$uri /index.php\$is_args\$args\`."
  echo "- **php -S**: the built-in server with \`PHP_CLI_SERVER_WORKERS=$cores\`, \`index.php\` as router."
  echo "- **phpbind-server**: \`examples/server\`, classic (\`--front-controller index.php\`): each request"
  echo "  runs the script in an engine request of its own, as php-fpm does."
  echo "- **phpbind-server worker**: the same with \`--worker worker.php\`: the application boots once per"
  echo "  process and handles requests in a loop."
  echo
  echo "Applications (\`bench/server/\`): **hello** prints one line; **framework** registers an"
  echo "autoloader, loads 300 classes, builds a 1,000-route table of regular expressions, then routes"
  echo "\`/section7/item350/42\` — what a framework does on every request under php-fpm."
  echo
  echo "| application | server | requests/s | vs nginx + php-fpm | p50 ms | p99 ms | socket errors | RSS per worker (MiB) | PSS per worker (MiB) |"
  echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
  for app in hello framework; do
    base=$(field "nginx + php-fpm,$app" 1)
    for s in "nginx + php-fpm" "php -S" "phpbind-server" "phpbind-server worker"; do
      echo "| $app | $s | $(field "$s,$app" 1) | $(ratio "$(field "$s,$app" 1)" "$base")x | $(field "$s,$app" 2) | $(field "$s,$app" 3) | $(field "$s,$app" 4) | $(field "$s,$app" 5) | $(field "$s,$app" 6) |"
    done
  done
  echo
  echo "## Targets"
  echo
  check() {  # description, value, op, bound
    local ok
    ok=$(awk -v v="$2" -v b="$4" -v op="$3" 'BEGIN { print (op == ">=" ? v >= b : v <= b) ? "met" : "missed" }')
    echo "- $1: $2 (target $3 $4): **$ok**"
  }
  check "classic vs nginx + php-fpm, hello" "$(ratio "$(field "phpbind-server,hello" 1)" "$(field "nginx + php-fpm,hello" 1)")" ">=" 1.0
  check "classic vs nginx + php-fpm, framework" "$(ratio "$(field "phpbind-server,framework" 1)" "$(field "nginx + php-fpm,framework" 1)")" ">=" 1.0
  check "worker vs nginx + php-fpm, framework" "$(ratio "$(field "phpbind-server worker,framework" 1)" "$(field "nginx + php-fpm,framework" 1)")" ">=" 5.0
  check "worker p99 vs php-fpm p99, hello (ms)" "$(field "phpbind-server worker,hello" 3)" "<=" "$(field "nginx + php-fpm,hello" 3)"
} >"$doc"
echo "server.sh: wrote $doc" >&2
cat "$doc"
