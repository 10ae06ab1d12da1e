// examples/ds/src/ring.hpp — a ring buffer of php::Value, as Ds\Deque keeps
// its values: a power-of-two buffer, both ends in constant time, a position
// one mask away from its slot. The buffer is request memory
// (php::request_allocator), as ext-ds's is.
#pragma once

#include <phpbind/phpbind.hpp>

#include <algorithm>
#include <bit>
#include <compare>
#include <cstddef>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace ds {

class ring {
public:
    template <bool Const>
    class iter {
    public:
        using iterator_concept = std::random_access_iterator_tag;
        using iterator_category = std::random_access_iterator_tag;
        using value_type = php::Value;
        using difference_type = std::ptrdiff_t;
        using reference = std::conditional_t<Const, const php::Value&, php::Value&>;
        using pointer = std::conditional_t<Const, const php::Value*, php::Value*>;
        using owner = std::conditional_t<Const, const ring, ring>;

        iter() = default;
        iter(owner* r, difference_type i) noexcept : r_(r), i_(i) {}
        operator iter<true>() const noexcept { return iter<true>(r_, i_); }

        reference operator*() const noexcept { return (*r_)[static_cast<std::size_t>(i_)]; }
        pointer operator->() const noexcept { return &**this; }
        reference operator[](difference_type n) const noexcept { return *(*this + n); }
        iter& operator++() noexcept { return ++i_, *this; }
        iter& operator--() noexcept { return --i_, *this; }
        iter operator++(int) noexcept { return iter(r_, i_++); }
        iter operator--(int) noexcept { return iter(r_, i_--); }
        iter& operator+=(difference_type n) noexcept { return i_ += n, *this; }
        iter& operator-=(difference_type n) noexcept { return i_ -= n, *this; }
        friend iter operator+(iter a, difference_type n) noexcept { return a += n; }
        friend iter operator+(difference_type n, iter a) noexcept { return a += n; }
        friend iter operator-(iter a, difference_type n) noexcept { return a -= n; }
        friend difference_type operator-(const iter& a, const iter& b) noexcept { return a.i_ - b.i_; }
        friend bool operator==(const iter& a, const iter& b) noexcept { return a.i_ == b.i_; }
        friend auto operator<=>(const iter& a, const iter& b) noexcept { return a.i_ <=> b.i_; }

    private:
        owner* r_ = nullptr;
        difference_type i_ = 0;
    };
    using iterator = iter<false>;
    using const_iterator = iter<true>;
    using value_type = php::Value;

    ring() = default;
    ring(const ring& o) { *this = o; }
    ring(ring&& o) noexcept { swap(o); }
    ring& operator=(const ring& o) {
        if (this == &o) return *this;
        ring copy;
        copy.reallocate(std::max(capacity(), std::bit_ceil(std::max<std::size_t>(o.size_, 1))));
        for (std::size_t i = 0; i < o.size_; ++i) copy.push_back(o[i]);
        swap(copy);  // what this held is released last
        return *this;
    }
    ring& operator=(ring&& o) noexcept {
        ring gone(std::move(o));
        swap(gone);
        return *this;
    }
    ~ring() {
        for (std::size_t i = 0; i < size_; ++i) (*this)[i].~Value();
        release(data_);
    }
    void swap(ring& o) noexcept {
        std::swap(data_, o.data_);
        std::swap(mask_, o.mask_);
        std::swap(head_, o.head_);
        std::swap(size_, o.size_);
    }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t capacity() const noexcept { return data_ ? mask_ + 1 : 0; }
    php::Value& operator[](std::size_t i) noexcept { return data_[(head_ + i) & mask_]; }
    const php::Value& operator[](std::size_t i) const noexcept { return data_[(head_ + i) & mask_]; }
    php::Value& front() noexcept { return (*this)[0]; }
    php::Value& back() noexcept { return (*this)[size_ - 1]; }
    const php::Value& front() const noexcept { return (*this)[0]; }
    const php::Value& back() const noexcept { return (*this)[size_ - 1]; }
    iterator begin() noexcept { return {this, 0}; }
    iterator end() noexcept { return {this, static_cast<std::ptrdiff_t>(size_)}; }
    const_iterator begin() const noexcept { return {this, 0}; }
    const_iterator end() const noexcept { return {this, static_cast<std::ptrdiff_t>(size_)}; }

    /// Room for at least n values (a power of two); never shrinks.
    void reserve(std::size_t n) {
        if (n > capacity()) reallocate(std::bit_ceil(n));
    }
    /// A buffer of exactly n slots (a power of two, at least size()).
    void reallocate(std::size_t n) {
        php::Value* fresh = php::request_allocator<php::Value>().allocate(n);
        for (std::size_t i = 0; i < size_; ++i) {
            php::Value& from = (*this)[i];
            new (&fresh[i]) php::Value(std::move(from));
            from.~Value();
        }
        release(data_);
        data_ = fresh;
        mask_ = n - 1;
        head_ = 0;
    }

    void push_back(php::Value&& v) {
        if (size_ == capacity()) [[unlikely]]
            grow();
        new (&data_[(head_ + size_) & mask_]) php::Value(std::move(v));
        ++size_;
    }
    void push_back(const php::Value& v) { push_back(php::Value(v)); }
    void push_front(php::Value&& v) {
        if (size_ == capacity()) [[unlikely]]
            grow();
        head_ = (head_ - 1) & mask_;
        new (&data_[head_]) php::Value(std::move(v));
        ++size_;
    }
    /// Removes the first value and returns it.
    php::Value take_front() noexcept {
        php::Value& slot = data_[head_];
        php::Value v(std::move(slot));
        slot.~Value();  // null now: releases nothing
        head_ = (head_ + 1) & mask_;
        --size_;
        return v;
    }
    /// Removes the last value and returns it.
    php::Value take_back() noexcept {
        php::Value& slot = back();
        php::Value v(std::move(slot));
        slot.~Value();
        --size_;
        return v;
    }
    // The value at that end is moved out first (as ds does): what is left
    // there is null, and destroying it runs nothing.
    void pop_front() noexcept {
        php::Value& gone = data_[head_];
        head_ = (head_ + 1) & mask_;
        --size_;
        gone.~Value();
    }
    void pop_back() noexcept {
        php::Value& gone = back();
        --size_;
        gone.~Value();
    }
    /// Empties the ring and frees its buffer. The values are released once
    /// the ring is empty: a __destruct they run sees it empty, and may fill it.
    void clear() noexcept {
        ring gone;
        swap(gone);
    }
    /// Removes the value at `pos`; those after it move up by one.
    void erase(const_iterator pos) {
        const auto at = static_cast<std::size_t>(pos - begin());
        for (std::size_t i = at; i + 1 < size_; ++i) (*this)[i] = std::move((*this)[i + 1]);
        pop_back();
    }
    /// Inserts [first, last) before `pos`.
    template <class It>
    void insert(const_iterator pos, It first, It last) {
        const auto at = pos - begin();
        const std::size_t old = size_;
        reserve(size_ + static_cast<std::size_t>(std::distance(first, last)));
        for (; first != last; ++first) push_back(php::Value(*first));
        std::rotate(begin() + at, begin() + static_cast<std::ptrdiff_t>(old), end());
    }
    /// The values of [first, last) in place of these (the buffer is kept).
    template <class It>
    void assign(It first, It last) {
        ring old;
        if (capacity() > 0) old.reallocate(capacity());
        swap(old);
        for (; first != last; ++first) push_back(php::Value(*first));
    }

private:
    [[gnu::noinline]] void grow() { reallocate(data_ ? 2 * (mask_ + 1) : 8); }
    static void release(php::Value* p) noexcept {
        if (p) php::request_allocator<php::Value>().deallocate(p, 0);
    }

    php::Value* data_ = nullptr;
    std::size_t mask_ = 0;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
};

}  // namespace ds
