/* bench/observer_c.c — the hand-written C twin of bench/observer.cpp: a call
 * observer on the user function observed() that counts begins and ends. */
#include "php.h"
#include "zend_observer.h"

static zend_long begins, ends;

static void observed_begin(zend_execute_data *execute_data) { (void)execute_data; begins++; }
static void observed_end(zend_execute_data *execute_data, zval *retval) { (void)execute_data; (void)retval; ends++; }

static zend_observer_fcall_handlers observed_init(zend_execute_data *execute_data) {
    zend_string *name = execute_data->func->common.function_name;
    zend_observer_fcall_handlers h = {NULL, NULL};
    if (name && zend_string_equals_literal(name, "observed")) {
        h.begin = observed_begin;
        h.end = observed_end;
    }
    return h;
}

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_bench_observed_calls, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

PHP_FUNCTION(bench_observed_calls) {
    ZEND_PARSE_PARAMETERS_NONE();
    RETURN_LONG(begins + ends);
}

static const zend_function_entry bench_observer_c_functions[] = {
    PHP_FE(bench_observed_calls, arginfo_bench_observed_calls)
    PHP_FE_END
};

static PHP_MINIT_FUNCTION(bench_observer_c) {
    (void)type; (void)module_number;
    zend_observer_fcall_register(observed_init);
    return SUCCESS;
}

zend_module_entry bench_observer_c_module_entry = {
    STANDARD_MODULE_HEADER, "bench_observer_c", bench_observer_c_functions, PHP_MINIT(bench_observer_c),
    NULL, NULL, NULL, NULL, "1.0", STANDARD_MODULE_PROPERTIES};

ZEND_GET_MODULE(bench_observer_c)
