#pragma once
// A JSON value shared rather than copied. A decision's options and default answer are a few
// fixed lists and words asked thousands of times a period: copying a nlohmann::json costs an
// allocation for the value and one for each string in it, sharing one a reference count.
#include <concepts>
#include <memory>
#include <type_traits>
#include <utility>

#include "rules/json_reader.hpp"

namespace umpire::rules {

class SharedJson {
public:
    SharedJson() : value_(null_value()) {}
    // From anything a Json is made of (a Json, a literal, a bool): made once, then shared.
    template <typename T>
        requires(!std::same_as<std::remove_cvref_t<T>, SharedJson> &&
                 std::constructible_from<Json, T &&>)
    SharedJson(T&& value) : value_(std::make_shared<const Json>(std::forward<T>(value))) {}

    const Json& get() const { return *value_; }
    operator const Json&() const { return *value_; }
    const Json* operator->() const { return value_.get(); }

private:
    static const std::shared_ptr<const Json>& null_value() {
        static const std::shared_ptr<const Json> null = std::make_shared<const Json>();
        return null;
    }
    std::shared_ptr<const Json> value_;
};

}  // namespace umpire::rules
