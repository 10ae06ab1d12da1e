// examples/ds/src/table.cpp — hashing, equality and the table's upkeep.
#include "table.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>

namespace ds {

namespace {

bool is_hashable(php::ValueView v) { return v.is_object() && v.as_object().instance_of(hashable_interface); }

std::size_t mix(std::size_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
}

}  // namespace

std::size_t hash_of(php::ValueView key) {
    if (key.is_int()) return mix(static_cast<std::size_t>(key.as_int()));
    if (key.is_string()) return std::hash<std::string_view>{}(key.as_string());
    if (key.is_float()) {
        double d = key.as_float();
        if (d == 0.0) d = 0.0;  // -0.0 === 0.0
        uint64_t bits;
        std::memcpy(&bits, &d, sizeof bits);
        return mix(bits ^ 0x5bd1e995);
    }
    if (key.is_null()) return 0x9e3779b9;
    if (key.is_bool()) return key.truthy() ? 0x85ebca6b : 0xc2b2ae35;
    if (key.is_array()) return mix(key.as_array().size() + 0x27d4eb2f);
    if (key.is_object()) {
        php::ObjectView o = key.as_object();
        if (is_hashable(key)) {
            php::Value h = o.call(php::method<"hash">);
            // A hash() returning an object or an array: its bucket by what === compares.
            return h.view().is_object() ? mix(o.id()) : hash_of(h);
        }
        return mix(o.id() ^ 0x165667b1);
    }
    return 0;
}

bool same_key(php::ValueView stored, php::ValueView probe) {
    if (stored.is_object() && probe.is_object() && is_hashable(stored)) {
        if (stored.as_object().class_entry() != probe.as_object().class_entry()) return false;
        return stored.as_object().call(php::method<"equals">, probe).view().truthy();
    }
    return stored.identical(probe);
}

std::size_t Table::hash_of_key(php::ValueView key) { return hash_of(key); }

Entry* Table::find_hashed(php::ValueView key, std::size_t h) const {
    const uint64_t v = version_;
    for (uint32_t i = heads_[bucket(h)]; i != none;) {
        if (!entries_[i].dead() && entries_[i].hash() == static_cast<uint32_t>(h)) {
            php::Value stored = entries_[i].key;  // held: equals() may remove it from the table
            const bool same = same_key(stored, key);
            if (version_ != v) throw php::error("A key's equals() changed the structure being searched");
            if (same) return &entries_[i];
        }
        i = entries_[i].next();
    }
    return nullptr;
}

void Table::put_hashed(php::ValueView key, php::ValueView value, std::size_t h) {
    if (Entry* e = find_hashed(key, h)) {
        e->value = value.own();
        return;
    }
    append(key, value, h);
}

void Table::append(php::ValueView key, php::ValueView value, std::size_t h) {
    if (live_ >= cap_) rehash(cap_ * 2);
    else if (entries_.size() >= heads_.size()) compact();  // holes: close them, room stays
    if (entries_.size() >= Entry::max_entries)
        throw php::error("A Ds structure cannot hold more than 2147483645 entries");
    Entry e;
    e.key = key.own();
    e.value = value.own();
    e.set_hash(h);
    const std::size_t b = bucket(e.hash());
    e.set_next(heads_[b]);
    heads_[b] = static_cast<uint32_t>(entries_.size());
    entries_.push_back(std::move(e));
    ++live_;
    ++version_;
}

std::optional<php::Value> Table::erase(php::ValueView key) {
    Entry* e = find(key);
    if (!e) return std::nullopt;
    php::Value value = std::move(e->value);
    php::Value gone = std::move(e->key);
    e->key = php::Value();
    e->set_dead();
    ++dead_;
    --live_;
    ++version_;
    after_removal();
    return value;  // `gone` is released here, after the table is consistent
}

// Halved when a quarter or less is used, never below the minimum.
void Table::after_removal() {
    if (live_ <= cap_ / 4 && cap_ / 2 >= min_capacity) rehash(cap_ / 2);
}

void Table::clear() {
    php::request_vector<Entry> old = std::move(entries_);
    entries_ = {};
    live_ = 0;
    dead_ = 0;
    ++version_;
    rehash(min_capacity);
    // `old` is released last: a destructor it runs sees an empty, consistent table.
}

void Table::allocate(std::size_t n) {
    if (n > (std::size_t{1} << 40)) check_room(n, sizeof(Entry));  // bit_ceil of more is undefined
    const std::size_t want = std::bit_ceil(std::max(n, min_capacity));
    if (want > cap_) {
        check_room(want, sizeof(Entry) + sizeof(uint32_t));
        rehash(want);
    }
}

void Table::reverse() {
    compact();
    std::reverse(entries_.begin(), entries_.end());
    ++version_;
    relink();
}

// The reported capacity may be any size (a slice's is its length); the
// buckets are the power of two at or above it.
void Table::rehash(std::size_t cap) {
    compact();
    cap_ = std::max<std::size_t>(cap, 1);
    const std::size_t buckets = std::bit_ceil(std::max(cap_, min_capacity));
    entries_.reserve(buckets);
    heads_.assign(buckets, none);
    relink();
}

void Table::relink() noexcept {
    std::fill(heads_.begin(), heads_.end(), none);
    for (std::size_t i = 0; i < entries_.size(); ++i) {
        const std::size_t b = bucket(entries_[i].hash());
        entries_[i].set_next(heads_[b]);
        heads_[b] = static_cast<uint32_t>(i);
    }
}

void Table::compact() const noexcept {
    if (dead_ == 0) return;
    std::erase_if(entries_, [](const Entry& e) { return e.dead(); });
    dead_ = 0;
    ++version_;
    const_cast<Table*>(this)->relink();
}

}  // namespace ds
