// examples/ds/src/block.hpp — a growable array of php::Value, as Ds\Vector
// keeps its values: one buffer, its length and its capacity side by side, so
// a loop's bound is one field away (a foreach step reads it three times) and
// an append that fits stays inline. The buffer is request memory
// (php::request_allocator), as ext-ds's is: memory_get_usage() counts it and
// memory_limit applies.
#pragma once

#include <phpbind/phpbind.hpp>

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <new>
#include <utility>

namespace ds {

class block {
public:
    using value_type = php::Value;
    using iterator = php::Value*;
    using const_iterator = const php::Value*;

    block() = default;
    block(const block& o) { *this = o; }
    block(block&& o) noexcept { swap(o); }
    /// A copy of o's values; this keeps its capacity if they fit. What this
    /// held is released last, once it holds the copy.
    block& operator=(const block& o) {
        if (this == &o) return *this;
        block copy;
        copy.reallocate(std::max(cap_, o.size_));
        for (const php::Value& v : o) copy.push_back(v);
        swap(copy);
        return *this;
    }
    block& operator=(block&& o) noexcept {
        block gone(std::move(o));
        swap(gone);
        return *this;
    }
    ~block() {
        std::destroy(begin(), end());
        release(data_);
    }
    void swap(block& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(size_, o.size_);
        std::swap(cap_, o.cap_);
    }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t capacity() const noexcept { return cap_; }
    php::Value& operator[](std::size_t i) noexcept { return data_[i]; }
    const php::Value& operator[](std::size_t i) const noexcept { return data_[i]; }
    php::Value& front() noexcept { return data_[0]; }
    php::Value& back() noexcept { return data_[size_ - 1]; }
    const php::Value& front() const noexcept { return data_[0]; }
    const php::Value& back() const noexcept { return data_[size_ - 1]; }
    iterator begin() noexcept { return data_; }
    iterator end() noexcept { return data_ + size_; }
    const_iterator begin() const noexcept { return data_; }
    const_iterator end() const noexcept { return data_ + size_; }

    /// Room for at least n values; never shrinks.
    void reserve(std::size_t n) {
        if (n > cap_) reallocate(n);
    }
    /// A buffer of exactly n slots (at least size()); 0 frees it.
    void reallocate(std::size_t n) {
        php::Value* fresh = n ? php::request_allocator<php::Value>().allocate(n) : nullptr;
        for (php::Value *from = data_, *to = fresh; from != data_ + size_; ++from, ++to) {
            new (to) php::Value(std::move(*from));
            from->~Value();  // null now: releases nothing
        }
        release(data_);
        data_ = fresh;
        cap_ = n;
    }

    void push_back(php::Value&& v) {
        if (size_ == cap_) [[unlikely]]
            grow();
        new (&data_[size_]) php::Value(std::move(v));
        ++size_;
    }
    void push_back(const php::Value& v) { push_back(php::Value(v)); }
    /// Removes the last value and returns it.
    php::Value take_back() noexcept {
        php::Value* last = data_ + --size_;
        php::Value v(std::move(*last));
        last->~Value();  // null now (the compiler sees it: no release is emitted)
        return v;
    }
    void pop_back() noexcept {
        --size_;
        data_[size_].~Value();
    }
    /// Empties the block and frees its buffer. The values are released once
    /// the block is empty: a __destruct they run sees it empty, and may fill it.
    void clear() noexcept {
        block gone;
        swap(gone);
    }
    /// Removes the value at `pos`; those after it move up by one.
    void erase(const_iterator pos) {
        iterator at = begin() + (pos - begin());
        std::move(at + 1, end(), at);
        pop_back();
    }
    /// Inserts [first, last) (not values of this block) before `pos`.
    template <class It>
    void insert(const_iterator pos, It first, It last) {
        const auto at = pos - begin();
        const std::size_t old = size_;
        reserve(size_ + static_cast<std::size_t>(std::distance(first, last)));
        for (; first != last; ++first) push_back(php::Value(*first));
        std::rotate(begin() + at, begin() + old, end());
    }
    /// The values of [first, last) in place of these, in a buffer of the same
    /// capacity; the old values are released last.
    template <class It>
    void assign(It first, It last) {
        block old;
        if (cap_ > 0) old.reallocate(cap_);
        swap(old);
        for (; first != last; ++first) push_back(php::Value(*first));
    }

private:
    [[gnu::noinline, gnu::cold]] void grow() { reallocate(cap_ ? 2 * cap_ : 8); }
    static void release(php::Value* p) noexcept {
        if (p) php::request_allocator<php::Value>().deallocate(p, 0);
    }

    php::Value* data_ = nullptr;
    std::size_t size_ = 0;
    std::size_t cap_ = 0;
};

}  // namespace ds
