/* bench/baseline.c — the hand-written C extension phpbind is measured against.
 *
 * It is written the way a careful C extension author writes one: fast ZPP
 * macros, full typed arg info (what a stub file would generate), a static
 * module entry, and nothing exported but get_module. Every function here has
 * exactly the PHP signature of its counterpart in phpbind_bench.cpp, so the
 * engine does the same work around both calls and only the handlers differ.
 * The classes Counter and Bag have methods with full arg info too. Counter
 * keeps its count in a declared typed property, as a PHP class would; Bag is a
 * custom object struct with the zend_object last and its own handlers,
 * including the ones that count() and $obj[...] reach directly, as an engine
 * class such as SplFixedArray does.
 */
#include <php.h>
#include <zend_interfaces.h>

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

/* sum(array $a): int — the sum of the int elements; anything else is skipped.
 * sum_vec() is bound to this same handler: its phpbind twin converts the array
 * to std::vector<int64_t> first, and the ratio measures that conversion. */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_sum, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, a, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(sum)
{
	HashTable *ht;
	zval *v;
	zend_long total = 0;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(ht)
	ZEND_PARSE_PARAMETERS_END();

	ZEND_HASH_FOREACH_VAL(ht, v) {
		ZVAL_DEREF(v);
		if (Z_TYPE_P(v) == IS_LONG) {
			total += Z_LVAL_P(v);
		}
	} ZEND_HASH_FOREACH_END();

	RETURN_LONG(total);
}

/* make_list(int $n): array — [0, 1, ..., n-1] */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_make_list, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, n, IS_LONG, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(make_list)
{
	zend_long n, i;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(n)
	ZEND_PARSE_PARAMETERS_END();

	if (n < 0) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		RETURN_THROWS();
	}

	array_init_size(return_value, (uint32_t) n);
	zend_hash_real_init_packed(Z_ARRVAL_P(return_value));
	ZEND_HASH_FILL_PACKED(Z_ARRVAL_P(return_value)) {
		for (i = 0; i < n; i++) {
			ZEND_HASH_FILL_SET_LONG(i);
			ZEND_HASH_FILL_NEXT();
		}
	} ZEND_HASH_FILL_END();
}

/* make_rows(int $n): array — n rows ['id' => $i, 'name' => one of four names, 'score' => 3 * $i],
 * built the way a decoder builds nested results: each row an array of its own, filled key by
 * key with the API extensions use for it (add_assoc_*_ex), then appended to the list. */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_make_rows, 0, 1, IS_ARRAY, 0)
	ZEND_ARG_TYPE_INFO(0, n, IS_LONG, 0)
ZEND_END_ARG_INFO()

static const char *const row_names[] = {"alpha", "beta", "gamma", "delta"};
static const size_t row_name_lengths[] = {5, 4, 5, 5};

static ZEND_FUNCTION(make_rows)
{
	zend_long n, i;
	zval row;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_LONG(n)
	ZEND_PARSE_PARAMETERS_END();

	if (n < 0) {
		zend_argument_value_error(1, "must be greater than or equal to 0");
		RETURN_THROWS();
	}

	array_init_size(return_value, (uint32_t) n);
	for (i = 0; i < n; i++) {
		array_init_size(&row, 3);
		add_assoc_long_ex(&row, "id", sizeof("id") - 1, i);
		add_assoc_stringl_ex(&row, "name", sizeof("name") - 1, row_names[i & 3], row_name_lengths[i & 3]);
		add_assoc_long_ex(&row, "score", sizeof("score") - 1, 3 * i);
		add_next_index_zval(return_value, &row);
	}
}

/* sum_rows(array $rows): int — over the rows that are arrays, the sum of each int 'id' and the
 * length of each string 'name': reading nested results back. */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_sum_rows, 0, 1, IS_LONG, 0)
	ZEND_ARG_TYPE_INFO(0, rows, IS_ARRAY, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(sum_rows)
{
	HashTable *rows;
	zval *row, *id, *name;
	zend_long total = 0;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ARRAY_HT(rows)
	ZEND_PARSE_PARAMETERS_END();

	ZEND_HASH_FOREACH_VAL(rows, row) {
		ZVAL_DEREF(row);
		if (Z_TYPE_P(row) != IS_ARRAY) {
			continue;
		}
		id = zend_hash_str_find_deref(Z_ARRVAL_P(row), "id", sizeof("id") - 1);
		if (id && Z_TYPE_P(id) == IS_LONG) {
			total += Z_LVAL_P(id);
		}
		name = zend_hash_str_find_deref(Z_ARRVAL_P(row), "name", sizeof("name") - 1);
		if (name && Z_TYPE_P(name) == IS_STRING) {
			total += (zend_long) Z_STRLEN_P(name);
		}
	} ZEND_HASH_FOREACH_END();
	RETURN_LONG(total);
}

/* call_back(callable $f, int $x): mixed — returns $f($x) */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_call_back, 0, 2, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, f, IS_CALLABLE, 0)
	ZEND_ARG_TYPE_INFO(0, x, IS_LONG, 0)
ZEND_END_ARG_INFO()

static ZEND_FUNCTION(call_back)
{
	zend_fcall_info fci;
	zend_fcall_info_cache fcc;
	zend_long x;
	zval arg;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_FUNC(fci, fcc)
		Z_PARAM_LONG(x)
	ZEND_PARSE_PARAMETERS_END();

	ZVAL_LONG(&arg, x);
	fci.retval = return_value;
	fci.params = &arg;
	fci.param_count = 1;
	/* On an exception the engine leaves return_value undefined and throws. */
	if (zend_call_function(&fci, &fcc) == SUCCESS && Z_ISREF_P(return_value)) {
		zend_unwrap_reference(return_value);
	}
}

/* ---- final class Counter { public int $n = 0; public function inc(): int } ----
 * The count is the declared typed property $n itself, in the object's property
 * slot: PHP code reads $c->n straight from the slot (the engine caches its
 * offset per opline), and inc() increments the slot in place. No native state,
 * so Counter uses the standard object and handlers (clone copies $n). */
static zend_class_entry *counter_ce;
static zend_string *counter_n_name;    /* "n", interned */
static uint32_t counter_n_offset;      /* $n's slot in the object */

/* The slow path of inc(): $n is a reference (`$r = &$c->n`), uninitialized
 * (unset), or PHP_INT_MAX. The engine reads and writes it (checking the types
 * of a reference's other holders, throwing for an uninitialized $n); the
 * maximum throws as `++$c->n` does. */
static zend_never_inline ZEND_COLD void counter_inc_slow(zend_object *obj, zval *return_value)
{
	zval rv, *n;

	n = zend_read_property_ex(counter_ce, obj, counter_n_name, 0, &rv);
	if (UNEXPECTED(EG(exception))) {
		RETURN_THROWS();
	}
	ZVAL_DEREF(n);
	if (Z_LVAL_P(n) == ZEND_LONG_MAX) {
		zend_throw_error(NULL, "Cannot increment property %s::$%s of type int past its maximal value",
			ZSTR_VAL(counter_ce->name), ZSTR_VAL(counter_n_name));
		RETURN_THROWS();
	}
	RETVAL_LONG(Z_LVAL_P(n) + 1);
	zend_update_property_ex(counter_ce, obj, counter_n_name, return_value);
}

/* Counter::inc(): int — increments $n and returns the new value */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Counter_inc, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

static ZEND_METHOD(Counter, inc)
{
	zend_object *obj;
	zval *n;

	ZEND_PARSE_PARAMETERS_NONE();

	obj = Z_OBJ_P(ZEND_THIS);
	n = OBJ_PROP(obj, counter_n_offset);
	/* $n is typed int: its slot holds an int unless it is a reference or unset. */
	if (EXPECTED(Z_TYPE_P(n) == IS_LONG) && EXPECTED(Z_LVAL_P(n) != ZEND_LONG_MAX)) {
		RETURN_LONG(++Z_LVAL_P(n));
	}
	counter_inc_slow(obj, return_value);
}

static const zend_function_entry class_Counter_methods[] = {
	ZEND_ME(Counter, inc, arginfo_class_Counter_inc, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

/* ---- final class Bag implements Countable, ArrayAccess -------------------------
 * A fixed set of 64 int slots, filled with 0, 1, ..., 63 when the object is
 * created; an offset is an int from 0 to 63, any other offset throws. unset()
 * resets a slot to 0 (the Bag keeps its 64 slots), and a value written must be
 * an int. count($bag) and $bag[...] reach the object handlers directly; the
 * interface methods, called by name, share the same logic. */
#define BAG_SLOTS 64

typedef struct {
	zend_long items[BAG_SLOTS];
	zend_long size;
	zend_object std;
} bag_object;

static zend_class_entry *bag_ce;
static zend_object_handlers bag_handlers;

static inline bag_object *bag_from_obj(zend_object *obj)
{
	return (bag_object *) ((char *) obj - XtOffsetOf(bag_object, std));
}

static zend_object *bag_create(zend_class_entry *ce)
{
	bag_object *b = zend_object_alloc(sizeof(bag_object), ce);
	zend_long i;

	for (i = 0; i < BAG_SLOTS; i++) {
		b->items[i] = i;
	}
	b->size = BAG_SLOTS;
	zend_object_std_init(&b->std, ce);
	object_properties_init(&b->std, ce);
	b->std.handlers = &bag_handlers;
	return &b->std;
}

/* clone copies the slots: the standard clone handler would start from a fresh
 * object and copy only the PHP properties. */
static zend_object *bag_clone(zend_object *old)
{
	zend_object *obj = bag_create(old->ce);
	bag_object *from = bag_from_obj(old), *to = bag_from_obj(obj);

	memcpy(to->items, from->items, sizeof(to->items));
	to->size = from->size;
	zend_objects_clone_members(obj, old);
	return obj;
}

static void bag_free(zend_object *obj)
{
	zend_object_std_dtor(obj);
}

/* The slot an offset names, or NULL if it names none (not an int, or out of
 * range). NULL (the append offset, $bag[] = ...) names none either. */
static zend_long *bag_slot(bag_object *b, zval *offset)
{
	if (offset == NULL) {
		return NULL;
	}
	ZVAL_DEREF(offset);
	if (EXPECTED(Z_TYPE_P(offset) == IS_LONG)
			&& EXPECTED((zend_ulong) Z_LVAL_P(offset) < (zend_ulong) b->size)) {
		return &b->items[Z_LVAL_P(offset)];
	}
	return NULL;
}

static ZEND_COLD void bag_out_of_range(void)
{
	zend_throw_error(NULL, "Bag offset out of range");
}

/* The shared logic: each returns false after throwing. */
static bool bag_read(bag_object *b, zval *offset, zend_long *value)
{
	zend_long *slot = bag_slot(b, offset);

	if (UNEXPECTED(slot == NULL)) {
		bag_out_of_range();
		return false;
	}
	*value = *slot;
	return true;
}

static bool bag_write(bag_object *b, zval *offset, zval *value)
{
	zend_long *slot = bag_slot(b, offset);

	if (UNEXPECTED(slot == NULL)) {
		bag_out_of_range();
		return false;
	}
	ZVAL_DEREF(value);
	if (UNEXPECTED(Z_TYPE_P(value) != IS_LONG)) {
		zend_type_error("Bag value must be of type int, %s given", zend_zval_type_name(value));
		return false;
	}
	*slot = Z_LVAL_P(value);
	return true;
}

/* isset() and offsetExists(): the offset names a slot; empty(): it names a
 * slot holding 0. Never throws. */
static bool bag_has(bag_object *b, zval *offset, bool check_empty)
{
	zend_long *slot = bag_slot(b, offset);

	return slot != NULL && (!check_empty || *slot != 0);
}

static bool bag_unset(bag_object *b, zval *offset)
{
	zend_long *slot = bag_slot(b, offset);

	if (UNEXPECTED(slot == NULL)) {
		bag_out_of_range();
		return false;
	}
	*slot = 0;
	return true;
}

/* ---- Bag's object handlers ---- */
static zend_result bag_count_elements(zend_object *obj, zend_long *count)
{
	*count = bag_from_obj(obj)->size;
	return SUCCESS;
}

/* $bag[$i]; `$bag[$i] ?? $x` (BP_VAR_IS) reads an unknown offset as null
 * instead of throwing. */
static zval *bag_read_dimension(zend_object *obj, zval *offset, int type, zval *rv)
{
	bag_object *b = bag_from_obj(obj);
	zend_long value;

	if (UNEXPECTED(type == BP_VAR_IS)) {
		zend_long *slot = bag_slot(b, offset);

		if (slot == NULL) {
			return &EG(uninitialized_zval);
		}
		ZVAL_LONG(rv, *slot);
		return rv;
	}
	if (UNEXPECTED(!bag_read(b, offset, &value))) {
		return NULL;
	}
	ZVAL_LONG(rv, value);
	return rv;
}

static void bag_write_dimension(zend_object *obj, zval *offset, zval *value)
{
	bag_write(bag_from_obj(obj), offset, value);
}

static int bag_has_dimension(zend_object *obj, zval *offset, int check_empty)
{
	return bag_has(bag_from_obj(obj), offset, check_empty != 0);
}

static void bag_unset_dimension(zend_object *obj, zval *offset)
{
	bag_unset(bag_from_obj(obj), offset);
}

/* ---- Bag's methods: Countable and ArrayAccess ---- */
ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Bag_count, 0, 0, IS_LONG, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Bag_offsetGet, 0, 1, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Bag_offsetSet, 0, 2, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_MIXED, 0)
	ZEND_ARG_TYPE_INFO(0, value, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Bag_offsetExists, 0, 1, _IS_BOOL, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_MIXED, 0)
ZEND_END_ARG_INFO()

ZEND_BEGIN_ARG_WITH_RETURN_TYPE_INFO_EX(arginfo_class_Bag_offsetUnset, 0, 1, IS_VOID, 0)
	ZEND_ARG_TYPE_INFO(0, offset, IS_MIXED, 0)
ZEND_END_ARG_INFO()

/* Bag::count(): int */
static ZEND_METHOD(Bag, count)
{
	ZEND_PARSE_PARAMETERS_NONE();

	RETURN_LONG(bag_from_obj(Z_OBJ_P(ZEND_THIS))->size);
}

/* Bag::offsetGet(mixed $offset): mixed */
static ZEND_METHOD(Bag, offsetGet)
{
	zval *offset;
	zend_long value;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(offset)
	ZEND_PARSE_PARAMETERS_END();

	if (!bag_read(bag_from_obj(Z_OBJ_P(ZEND_THIS)), offset, &value)) {
		RETURN_THROWS();
	}
	RETURN_LONG(value);
}

/* Bag::offsetSet(mixed $offset, mixed $value): void */
static ZEND_METHOD(Bag, offsetSet)
{
	zval *offset, *value;

	ZEND_PARSE_PARAMETERS_START(2, 2)
		Z_PARAM_ZVAL(offset)
		Z_PARAM_ZVAL(value)
	ZEND_PARSE_PARAMETERS_END();

	if (!bag_write(bag_from_obj(Z_OBJ_P(ZEND_THIS)), offset, value)) {
		RETURN_THROWS();
	}
}

/* Bag::offsetExists(mixed $offset): bool */
static ZEND_METHOD(Bag, offsetExists)
{
	zval *offset;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(offset)
	ZEND_PARSE_PARAMETERS_END();

	RETURN_BOOL(bag_has(bag_from_obj(Z_OBJ_P(ZEND_THIS)), offset, false));
}

/* Bag::offsetUnset(mixed $offset): void */
static ZEND_METHOD(Bag, offsetUnset)
{
	zval *offset;

	ZEND_PARSE_PARAMETERS_START(1, 1)
		Z_PARAM_ZVAL(offset)
	ZEND_PARSE_PARAMETERS_END();

	if (!bag_unset(bag_from_obj(Z_OBJ_P(ZEND_THIS)), offset)) {
		RETURN_THROWS();
	}
}

static const zend_function_entry class_Bag_methods[] = {
	ZEND_ME(Bag, count, arginfo_class_Bag_count, ZEND_ACC_PUBLIC)
	ZEND_ME(Bag, offsetGet, arginfo_class_Bag_offsetGet, ZEND_ACC_PUBLIC)
	ZEND_ME(Bag, offsetSet, arginfo_class_Bag_offsetSet, ZEND_ACC_PUBLIC)
	ZEND_ME(Bag, offsetExists, arginfo_class_Bag_offsetExists, ZEND_ACC_PUBLIC)
	ZEND_ME(Bag, offsetUnset, arginfo_class_Bag_offsetUnset, ZEND_ACC_PUBLIC)
	ZEND_FE_END
};

static ZEND_MINIT_FUNCTION(phpbind_bench_c)
{
	zend_class_entry ce;
	zval n_default;

	INIT_CLASS_ENTRY(ce, "Counter", class_Counter_methods);
	counter_ce = zend_register_internal_class_ex(&ce, NULL);
	counter_ce->ce_flags |= ZEND_ACC_FINAL;

	/* public int $n = 0; */
	ZVAL_LONG(&n_default, 0);
	counter_n_name = zend_string_init_interned("n", sizeof("n") - 1, 1);
	counter_n_offset = zend_declare_typed_property(counter_ce, counter_n_name, &n_default, ZEND_ACC_PUBLIC, NULL,
		(zend_type) ZEND_TYPE_INIT_MASK(MAY_BE_LONG))->offset;

	/* The methods are registered first: implementing ArrayAccess looks them up. */
	INIT_CLASS_ENTRY(ce, "Bag", class_Bag_methods);
	bag_ce = zend_register_internal_class_ex(&ce, NULL);
	bag_ce->ce_flags |= ZEND_ACC_FINAL;
	bag_ce->create_object = bag_create;
	zend_class_implements(bag_ce, 2, zend_ce_countable, zend_ce_arrayaccess);

	memcpy(&bag_handlers, zend_get_std_object_handlers(), sizeof(zend_object_handlers));
	bag_handlers.offset = XtOffsetOf(bag_object, std);
	bag_handlers.clone_obj = bag_clone;
	bag_handlers.free_obj = bag_free;
	bag_handlers.count_elements = bag_count_elements;
	bag_handlers.read_dimension = bag_read_dimension;
	bag_handlers.write_dimension = bag_write_dimension;
	bag_handlers.has_dimension = bag_has_dimension;
	bag_handlers.unset_dimension = bag_unset_dimension;

	return SUCCESS;
}

/* ---- module -------------------------------------------------------------------- */
static const zend_function_entry phpbind_bench_c_functions[] = {
	ZEND_FE(add, arginfo_add)
	ZEND_FE(strlen2, arginfo_strlen2)
	ZEND_FE(sum, arginfo_sum)
	ZEND_NAMED_FE(sum_vec, ZEND_FN(sum), arginfo_sum)
	ZEND_FE(make_list, arginfo_make_list)
	ZEND_NAMED_FE(make_list_push, ZEND_FN(make_list), arginfo_make_list)
	ZEND_NAMED_FE(make_list_view, ZEND_FN(make_list), arginfo_make_list)
	ZEND_FE(make_rows, arginfo_make_rows)
	ZEND_FE(sum_rows, arginfo_sum_rows)
	ZEND_FE(call_back, arginfo_call_back)
	ZEND_FE_END
};

static zend_module_entry phpbind_bench_c_module_entry = {
	STANDARD_MODULE_HEADER,
	"phpbind_bench_c",
	phpbind_bench_c_functions,
	ZEND_MINIT(phpbind_bench_c),
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
