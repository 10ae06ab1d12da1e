/* bench/hello_c.c — examples/hello written by hand in C against the Zend API: the same five
 * functions with the same arg info, the same constant, phpinfo() section and exceptions. The
 * build-cost benchmark (bench/build-cost.sh) compiles and links it beside examples/hello; the
 * ctest hello-c-twin checks that both behave alike (examples/hello/demo.php, the same output). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <php.h>
#include <ext/spl/spl_exceptions.h>
#include <ext/standard/info.h>
#include <zend_exceptions.h>
#include <zend_smart_str.h>

#include <ctype.h>
#include <stdint.h>

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_greet, 0, 1, IS_STRING, 0)
ZEND_ARG_TYPE_INFO(0, name, IS_STRING, 0)
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, times, IS_LONG, 0, "1")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_slugify, 0, 1, IS_STRING, 0)
ZEND_ARG_TYPE_INFO(0, text, IS_STRING, 0)
ZEND_ARG_TYPE_INFO_WITH_DEFAULT_VALUE(0, separator, IS_STRING, 0, "'-'")
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_word_count, 0, 1, IS_LONG, 0)
ZEND_ARG_TYPE_INFO(0, text, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_fibonacci, 0, 1, IS_LONG, 0)
ZEND_ARG_TYPE_INFO(0, n, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_find_word, 0, 2, IS_LONG, 1)
ZEND_ARG_TYPE_INFO(0, haystack, IS_STRING, 0)
ZEND_ARG_TYPE_INFO(0, word, IS_STRING, 0)
ZEND_END_ARG_INFO()

ZEND_FUNCTION(greet) {
    zend_string* name;
    zend_long times = 1;
    ZEND_PARSE_PARAMETERS_START(1, 2)
    Z_PARAM_STR(name)
    Z_PARAM_OPTIONAL
    Z_PARAM_LONG(times)
    ZEND_PARSE_PARAMETERS_END();
    if (times < 1) {
        zend_argument_value_error(2, "must be greater than 0");
        RETURN_THROWS();
    }
    smart_str out = {0};
    for (zend_long i = 0; i < times; ++i) {
        if (i) smart_str_appendc(&out, ' ');
        smart_str_appendl(&out, "Hello, ", 7);
        smart_str_append(&out, name);
        smart_str_appendc(&out, '!');
    }
    RETURN_STR(smart_str_extract(&out));
}

ZEND_FUNCTION(slugify) {
    zend_string* text;
    zend_string* separator = NULL;
    ZEND_PARSE_PARAMETERS_START(1, 2)
    Z_PARAM_STR(text)
    Z_PARAM_OPTIONAL
    Z_PARAM_STR(separator)
    ZEND_PARSE_PARAMETERS_END();
    smart_str out = {0};
    bool pending = false;
    for (size_t i = 0; i < ZSTR_LEN(text); ++i) {
        unsigned char c = (unsigned char)ZSTR_VAL(text)[i];
        if (isalnum(c)) {
            if (pending && out.s && ZSTR_LEN(out.s)) {
                if (separator) {
                    smart_str_append(&out, separator);
                } else {
                    smart_str_appendc(&out, '-');
                }
            }
            pending = false;
            smart_str_appendc(&out, (char)tolower(c));
        } else {
            pending = true;
        }
    }
    if (!out.s) RETURN_EMPTY_STRING();
    RETURN_STR(smart_str_extract(&out));
}

ZEND_FUNCTION(word_count) {
    zend_string* text;
    ZEND_PARSE_PARAMETERS_START(1, 1)
    Z_PARAM_STR(text)
    ZEND_PARSE_PARAMETERS_END();
    zend_long n = 0;
    bool in_word = false;
    for (size_t i = 0; i < ZSTR_LEN(text); ++i) {
        bool w = !isspace((unsigned char)ZSTR_VAL(text)[i]);
        if (w && !in_word) ++n;
        in_word = w;
    }
    RETURN_LONG(n);
}

ZEND_FUNCTION(fibonacci) {
    zend_long n;
    ZEND_PARSE_PARAMETERS_START(1, 1)
    Z_PARAM_LONG(n)
    ZEND_PARSE_PARAMETERS_END();
    if (n < 0 || n > 255) {
        zend_argument_value_error(1, "must be between 0 and 255");
        RETURN_THROWS();
    }
    uint64_t a = 0, b = 1;
    for (zend_long i = 0; i < n; ++i) {
        if (b < a) {
            zend_throw_exception_ex(spl_ce_OverflowException, 0, "fibonacci(" ZEND_LONG_FMT ") does not fit in an int",
                                    n);
            RETURN_THROWS();
        }
        uint64_t next = a + b;
        a = b;
        b = next;
    }
    if (a > (uint64_t)ZEND_LONG_MAX) {
        zend_throw_error(zend_ce_arithmetic_error, "%s(): Return value %" PRIu64 " is out of range for type int",
                         ZSTR_VAL(get_active_function_or_method_name()), a);
        RETURN_THROWS();
    }
    RETURN_LONG((zend_long)a);
}

ZEND_FUNCTION(find_word) {
    zend_string* haystack;
    zend_string* word;
    ZEND_PARSE_PARAMETERS_START(2, 2)
    Z_PARAM_STR(haystack)
    Z_PARAM_STR(word)
    ZEND_PARSE_PARAMETERS_END();
    const char* found =
        zend_memnstr(ZSTR_VAL(haystack), ZSTR_VAL(word), ZSTR_LEN(word), ZSTR_VAL(haystack) + ZSTR_LEN(haystack));
    if (!found) RETURN_NULL();
    RETURN_LONG(found - ZSTR_VAL(haystack));
}

static const zend_function_entry hello_functions[] = {
    ZEND_NS_FE("Hello", greet, arginfo_greet) ZEND_NS_FE("Hello", slugify, arginfo_slugify)
        ZEND_NS_FE("Hello", word_count, arginfo_word_count) ZEND_NS_FE("Hello", fibonacci, arginfo_fibonacci)
            ZEND_NS_FE("Hello", find_word, arginfo_find_word) ZEND_FE_END};

static PHP_MINIT_FUNCTION(hello) {
    REGISTER_NS_STRING_CONSTANT("Hello", "VERSION", "1.0.0", CONST_PERSISTENT);
    return SUCCESS;
}

static PHP_MINFO_FUNCTION(hello) {
    php_info_print_table_start();
    php_info_print_table_row(2, "hello support", "enabled");
    php_info_print_table_row(2, "Version", "1.0.0");
    php_info_print_table_row(2, "Functions", "greet, slugify, word_count, fibonacci, find_word");
    php_info_print_table_end();
}

static zend_module_entry hello_module_entry = {
    STANDARD_MODULE_HEADER, "hello", hello_functions,           PHP_MINIT(hello), NULL, NULL, NULL,
    PHP_MINFO(hello),       "1.0.0", STANDARD_MODULE_PROPERTIES};

ZEND_GET_MODULE(hello)
