# tools/debian-sources.sh — sourced by the engine scripts: where this machine's Debian packages
# and sources come from.
#
#   debian_mirror     prints the archive mirror apt is configured with (not the security one)
#   ensure_deb_src    makes `apt-get source` work: adds deb-src entries for the configured
#                     mirror's suites when apt has none (as root), then runs apt-get update

# The archive mirror apt is configured with, from either format.
debian_mirror() {
  { awk 'BEGIN { RS=""; } /(^|\n)Types: *deb/ && !/security/ {
           if (match($0, /URIs: *[^ \n]+/)) { s = substr($0, RSTART, RLENGTH); sub(/URIs: */, "", s); print s } }' \
        /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) .*/\2/p' /etc/apt/sources.list 2>/dev/null
  } | grep -v -e security -e '^$' | grep -i debian | head -n 1 || true
}

ensure_deb_src() {
  grep -rqsE '^(Types: *deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/ && return 0
  [ "$(id -u)" -eq 0 ] || { echo "no deb-src entry in apt's sources, and not root to add one" >&2; return 1; }
  # deb-src stanzas for the archive's main suites, from the mirror already configured (its
  # security suite serves binaries only).
  local list=/etc/apt/sources.list.d/phpbind-deb-src.sources
  awk 'BEGIN { RS=""; ORS="\n\n" }
       /(^|\n)Types: *deb(\n|$)/ && !/security/ { sub(/Types: *deb/, "Types: deb-src"); print }' \
    /etc/apt/sources.list.d/*.sources >"$list" 2>/dev/null || true
  if [ ! -s "$list" ]; then
    # One-line format (sources.list).
    sed -n 's/^deb \(.*\)$/deb-src \1/p' /etc/apt/sources.list 2>/dev/null | grep -v security >"$list.list" || true
    rm -f "$list"
  fi
  echo "added deb-src entries; apt-get update" >&2
  apt-get update >&2
}
