#pragma once
// A cache that a copy of its owner does not take: the indexes CampaignState keeps while a
// period resolves point into its own vectors, so a copied state starts with a fresh, empty T.
// Moving keeps the cache (the vectors move with it).
namespace umpire::rules {

template <typename T>
class FreshOnCopy : public T {
public:
    FreshOnCopy() = default;
    FreshOnCopy(const FreshOnCopy&) : T() {}
    FreshOnCopy& operator=(const FreshOnCopy&) {
        static_cast<T&>(*this) = T();
        return *this;
    }
    FreshOnCopy(FreshOnCopy&&) noexcept = default;
    FreshOnCopy& operator=(FreshOnCopy&&) noexcept = default;
};

}  // namespace umpire::rules
