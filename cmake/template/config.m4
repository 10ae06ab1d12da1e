dnl config.m4 — the __EXT__ extension, built the PECL way (and by PIE):
dnl   phpize && ./configure && make && make install
dnl
dnl phpbind comes from ./phpbind (copied in by phpbind-new.cmake VENDOR=ON:
dnl compiled with the extension, so it always matches this PHP), or from an
dnl install prefix (--with-phpbind=DIR, found through DIR's phpbind.pc).

PHP_ARG_ENABLE([__EXT__],
  [whether to enable the __EXT__ extension],
  [AS_HELP_STRING([--enable-__EXT__], [Enable the __EXT__ extension])],
  [yes])

PHP_ARG_WITH([phpbind],
  [where phpbind is],
  [AS_HELP_STRING([--with-phpbind=DIR], [phpbind's install prefix (default: the copy in ./phpbind)])],
  [no], [no])

PHP_ARG_ENABLE([phpbind-debug],
  [whether to compile in phpbind's lifetime checks],
  [AS_HELP_STRING([--enable-phpbind-debug], [phpbind's PHPBIND_DEBUG checks (slower)])],
  [no], [no])

if test "$PHP_PHPBIND_DEBUG" != "no"; then
  PHPBIND_PC=phpbind-debug
else
  PHPBIND_PC=phpbind
fi

if test "$PHP___EXT_UPPER__" != "no"; then
  PHP_REQUIRE_CXX()
  __EXT_UPPER___SOURCES="src/__EXT__.cpp"
  __EXT_UPPER___FLAGS="-std=c++20 -fvisibility=hidden -fvisibility-inlines-hidden"
  if test "$PHP_PHPBIND" = "no" && test -f "$srcdir/phpbind/src/module.cpp"; then
    AC_MSG_NOTICE([phpbind: compiling the copy in ./phpbind with the extension])
    dnl All of phpbind but the embedding runtime and its server, which need PHP's embed SAPI.
    for f in "$srcdir"/phpbind/src/*.cpp; do
      case `basename $f` in
        runtime.cpp|server.cpp) ;;
        *) __EXT_UPPER___SOURCES="$__EXT_UPPER___SOURCES phpbind/src/`basename $f`" ;;
      esac
    done
    __EXT_UPPER___FLAGS="$__EXT_UPPER___FLAGS -I@ext_srcdir@/phpbind/include"
    if test "$PHP_PHPBIND_DEBUG" != "no"; then
      __EXT_UPPER___FLAGS="$__EXT_UPPER___FLAGS -DPHPBIND_DEBUG"
    fi
  else
    if test "$PHP_PHPBIND" != "no" && test "$PHP_PHPBIND" != "yes"; then
      PKG_CONFIG_PATH="$PHP_PHPBIND/lib/pkgconfig:$PHP_PHPBIND/lib64/pkgconfig:$PKG_CONFIG_PATH"
      export PKG_CONFIG_PATH
    fi
    PKG_CHECK_MODULES([PHPBIND], [$PHPBIND_PC], [],
      [AC_MSG_ERROR([phpbind not found: copy it into ./phpbind, or pass --with-phpbind=<its install prefix>])])
    __EXT_UPPER___FLAGS="$__EXT_UPPER___FLAGS $PHPBIND_CFLAGS"
    __EXT_UPPER___SHARED_LIBADD="$__EXT_UPPER___SHARED_LIBADD $PHPBIND_LIBS"
  fi
  dnl A library the extension uses, found with pkg-config (zlib here; simdjson, ... the same way):
  dnl   PKG_CHECK_MODULES([ZLIB], [zlib])
  dnl   __EXT_UPPER___FLAGS="$__EXT_UPPER___FLAGS $ZLIB_CFLAGS"
  dnl   __EXT_UPPER___SHARED_LIBADD="$__EXT_UPPER___SHARED_LIBADD $ZLIB_LIBS"
  dnl or, without pkg-config: __EXT_UPPER___SHARED_LIBADD="$__EXT_UPPER___SHARED_LIBADD -lsimdjson"
  dnl The extension exports get_module and nothing else: hidden visibility
  dnl leaves out phpbind and the extension, this version script the standard
  dnl library's template instances.
  printf '{\n  global: get_module;\n  local: *;\n};\n' > "$abs_builddir/__EXT__.exports.map"
  __EXT_UPPER___SHARED_LIBADD="$__EXT_UPPER___SHARED_LIBADD -Wl,--version-script=$abs_builddir/__EXT__.exports.map"
  PHP_SUBST(__EXT_UPPER___SHARED_LIBADD)
  PHP_NEW_EXTENSION(__EXT__, $__EXT_UPPER___SOURCES, $ext_shared, , $__EXT_UPPER___FLAGS, cxx)
fi
