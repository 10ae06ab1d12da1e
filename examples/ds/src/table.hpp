// examples/ds/src/table.hpp — the ordered hash table under Ds\Map and Ds\Set.
//
// Keys are any PHP value. Two keys are the same when they are identical
// (===), except objects implementing Ds\Hashable: those are the same when
// they are of one class and the stored key's equals() says so, and hash()
// chooses their bucket. Entries keep insertion order; a removal leaves a hole
// that the next positional access or growth closes.
//
// hash() and equals() are PHP code that may change this very table: a lookup
// walks its chain by index and gives up with an Error if the table changed
// under an equals() call; nothing else holds a reference across PHP code.
#pragma once

#include "ds.hpp"

#include <bit>
#include <optional>
#include <utility>
#include <vector>

namespace ds {

/// An entry is two zvals, as ext-ds's are: the key's spare bits hold the link to the
/// next entry of its bucket (its index + 1, 0 for none; the top bit marks a removed
/// entry), the value's the key's hash (32 bits).
struct Entry {
    static constexpr uint32_t dead_mark = 0x80000000u;
    static constexpr std::size_t max_entries = dead_mark - 2;
    php::Value key;
    php::Value value;

    Entry() noexcept {
        key.set_spare(0);
        value.set_spare(0);
    }
    Entry(const Entry& o) : key(o.key), value(o.value) { links_from(o); }
    Entry(Entry&& o) noexcept : key(std::move(o.key)), value(std::move(o.value)) { links_from(o); }
    Entry& operator=(const Entry& o) {
        key = o.key;
        value = o.value;
        links_from(o);
        return *this;
    }
    Entry& operator=(Entry&& o) noexcept {
        key = std::move(o.key);
        value = std::move(o.value);
        links_from(o);
        return *this;
    }

    uint32_t hash() const noexcept { return value.spare(); }
    void set_hash(std::size_t h) noexcept { value.set_spare(static_cast<uint32_t>(h)); }
    /// The next entry of the same bucket, or Table::none.
    uint32_t next() const noexcept {
        const uint32_t n = key.spare() & ~dead_mark;
        return n == 0 ? UINT32_MAX : n - 1;
    }
    void set_next(uint32_t i) noexcept { key.set_spare((i == UINT32_MAX ? 0 : i + 1) | (key.spare() & dead_mark)); }
    bool dead() const noexcept { return (key.spare() & dead_mark) != 0; }
    void set_dead() noexcept { key.set_spare(key.spare() | dead_mark); }

private:
    void links_from(const Entry& o) noexcept {
        key.set_spare(o.key.spare());
        value.set_spare(o.value.spare());
    }
};

class Table {
public:
    static constexpr uint32_t none = UINT32_MAX;

    Table() { rehash(min_capacity); }

    std::size_t size() const noexcept { return live_; }
    std::size_t capacity() const { return cap_; }

    /// The entry under `key`, or null (its hash() and equals() may run).
    Entry* find(php::ValueView key) const { return find_hashed(key, hash_of_key(key)); }
    /// The same, for a key whose hash is known (an entry of another table).
    Entry* find_hashed(php::ValueView key, std::size_t hash) const;
    /// Puts `value` under `key`: a new entry last, or the value of the existing one replaced.
    void put(php::ValueView key, php::ValueView value) { put_hashed(key, value, hash_of_key(key)); }
    void put_hashed(php::ValueView key, php::ValueView value, std::size_t hash);
    /// Appends a key known not to be here yet (copying another table): no hash() or equals() runs.
    void append(php::ValueView key, php::ValueView value, std::size_t hash);
    /// The capacity ext-ds gives a result of `n` entries made at once (a slice).
    void set_capacity(std::size_t n) { rehash(n); }
    /// Takes the entry under `key` out; its value, or nothing.
    std::optional<php::Value> erase(php::ValueView key);
    /// The i-th entry in order (i < size()).
    Entry& at(std::size_t i) const noexcept {
        compact();
        return entries_[i];
    }
    void clear();
    /// Room for `n` entries, as a power of two (capacity never shrinks here).
    void allocate(std::size_t n);
    /// Takes the capacity of `other` (a copy does).
    void reserve_like(const Table& other) {
        if (other.cap_ != cap_) rehash(other.cap_);
    }
    /// Reverses the order; sorts by `cmp` (engine_sort) on the live entries (a copy is
    /// sorted, then taken, also when `cmp` threw: see the header).
    void reverse();
    template <class Cmp>
    void sort(Cmp cmp) {
        compact();
        php::request_vector<Entry> work(entries_.begin(), entries_.end());
        const std::exception_ptr error = engine_sort(work, cmp);
        ++version_;
        entries_ = std::move(work);
        dead_ = 0;
        live_ = entries_.size();
        relink();
        if (error) std::rethrow_exception(error);
    }

    /// Calls f(Entry copy) for each live entry in order, reading each position afresh.
    template <class F>
    void each(F&& f) const {
        for (std::size_t i = 0; i < size(); ++i) {
            Entry e = at(i);
            f(e);
        }
    }
    /// Calls `callback` with N arguments for each live entry in order, reading each position
    /// afresh (the callback may change the table), under one fatal-error guard for all the calls
    /// (php::CallableView::repeat): args(e, a) sets a call's arguments from a copy of the entry,
    /// take(position, e, result) gets its result.
    template <uint32_t N, class Args, class Take>
    void each_call(php::CallableView callback, Args&& args, Take&& take) const {
        std::size_t i = 0;
        Entry e;
        callback.repeat<N>(
            [&](php::repeat_args<N>& a) {
                if (i >= size()) return false;
                e = at(i++);
                args(e, a);
                return true;
            },
            [&](php::Value&& r) { take(i - 1, e, std::move(r)); });
    }

private:
    static std::size_t hash_of_key(php::ValueView key);
    std::size_t bucket(std::size_t hash) const { return hash & (heads_.size() - 1); }
    void rehash(std::size_t cap);
    void relink() noexcept;
    /// Drops dead entries (they hold nothing: no destructor runs) and relinks.
    void compact() const noexcept;
    void after_removal();

    mutable php::request_vector<Entry> entries_;
    mutable php::request_vector<uint32_t> heads_;
    mutable std::size_t dead_ = 0;
    std::size_t live_ = 0;
    std::size_t cap_ = min_capacity;
    mutable uint64_t version_ = 0;  // changes whenever entries move or change
};

/// The hash of a key (a Hashable key's hash() runs).
std::size_t hash_of(php::ValueView key);
/// Whether a stored key and a probe are the same key.
bool same_key(php::ValueView stored, php::ValueView probe);

}  // namespace ds
