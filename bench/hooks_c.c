/* bench/hooks_c.c — the hand-written C twin of bench/hooks.cpp: at startup,
 * BENCH_HOOK=internal chains a zend_execute_internal hook that counts calls,
 * BENCH_HOOK=strlen replaces strlen()'s handler with one that counts calls and
 * runs the original; BENCH_HOOK=state chains one that keeps a value across the
 * call (the call's number, from before it to after it). */
#include "php.h"
#include <stdlib.h>
#include <string.h>

static zend_long calls;
static void (*previous_internal)(zend_execute_data *, zval *);
static zif_handler original_strlen;
static zend_internal_function *strlen_fn;
static zend_long spans;  /* calls made during hooked calls (BENCH_HOOK=state) */

static void state_internal(zend_execute_data *execute_data, zval *return_value) {
    zend_long start = ++calls;
    if (previous_internal) previous_internal(execute_data, return_value);
    else execute_internal(execute_data, return_value);
    spans += calls - start;
}

static void counting_internal(zend_execute_data *execute_data, zval *return_value) {
    calls++;
    if (previous_internal) previous_internal(execute_data, return_value);
    else execute_internal(execute_data, return_value);
}

static ZEND_NAMED_FUNCTION(counting_strlen) {
    calls++;
    original_strlen(execute_data, return_value);
}

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_hook_calls, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

PHP_FUNCTION(bench_hook_calls) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(calls);
}

static const zend_function_entry bench_hooks_c_functions[] = {PHP_FE(bench_hook_calls, arginfo_bench_hook_calls)
                                                                  PHP_FE_END};

static PHP_MINIT_FUNCTION(bench_hooks_c) {
    (void)type; (void)module_number;
    const char *which = getenv("BENCH_HOOK");
    if (which && strcmp(which, "internal") == 0) {
        previous_internal = zend_execute_internal;
        zend_execute_internal = counting_internal;
    } else if (which && strcmp(which, "state") == 0) {
        previous_internal = zend_execute_internal;
        zend_execute_internal = state_internal;
    } else if (which && strcmp(which, "strlen") == 0) {
        strlen_fn = zend_hash_str_find_ptr(CG(function_table), "strlen", sizeof("strlen") - 1);
        original_strlen = strlen_fn->handler;
        strlen_fn->handler = counting_strlen;
    }
    return SUCCESS;
}

static PHP_MSHUTDOWN_FUNCTION(bench_hooks_c) {
    (void)type; (void)module_number;
    if (zend_execute_internal == counting_internal || zend_execute_internal == state_internal)
        zend_execute_internal = previous_internal;
    if (strlen_fn && strlen_fn->handler == counting_strlen) strlen_fn->handler = original_strlen;
    return SUCCESS;
}

zend_module_entry bench_hooks_c_module_entry = {
    STANDARD_MODULE_HEADER, "bench_hooks_c", bench_hooks_c_functions, PHP_MINIT(bench_hooks_c),
    PHP_MSHUTDOWN(bench_hooks_c), NULL, NULL, NULL, "1.0", STANDARD_MODULE_PROPERTIES};

ZEND_GET_MODULE(bench_hooks_c)
