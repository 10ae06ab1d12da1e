/* bench/baseline.c — the hand-written C extension phpbind is measured against.
 *
 * It is written the way a careful C extension author writes one: fast ZPP
 * macros, full typed arg info (what a stub file would generate), a static
 * module entry, and nothing exported but get_module. Every function here has
 * exactly the PHP signature of its counterpart in phpbind_bench.cpp, so the
 * engine does the same work around both calls and only the handlers differ.
 */
#include <php.h>

/* add(int $a, int $b): int */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_add, 0, 2, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, a, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, b, IS_LONG, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(add)
{
	zend_long a, b;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_LONG(a)
		Z_PARAM_LONG(b)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_LONG(a + b);
}

/* strlen2(string $s): int */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_strlen2, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, s, IS_STRING, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(strlen2)
{
	zend_string *s;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_STR(s)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_LONG((zend_long) ZSTR_LEN(s));
}

static const zend_function_entry phpbind_bench_c_functions[] = {
	ZEND_FE(add, arginfo_add)
	ZEND_FE(strlen2, arginfo_strlen2)
	ZEND_FE_END
};

static zend_module_entry phpbind_bench_c_module_entry = {
	STANDARD_MODULE_HEADER,
	"phpbind_bench_c",
	phpbind_bench_c_functions,
	NULL, /* MINIT */
	NULL, /* MSHUTDOWN */
	NULL, /* RINIT */
	NULL, /* RSHUTDOWN */
	NULL, /* MINFO */
	"1.0.0",
	STANDARD_MODULE_PROPERTIES
};

#ifdef ZTS
ZEND_TSRMLS_CACHE_DEFINE()
#endif
ZEND_GET_MODULE(phpbind_bench_c)
