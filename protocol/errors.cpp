#include "protocol/errors.hpp"

#include <array>
#include <utility>

namespace umpire::protocol {

namespace {
constexpr std::array<std::pair<ErrorCode, const char*>, 32> kNames{{
    {ErrorCode::bad_json, "bad_json"},
    {ErrorCode::bad_message, "bad_message"},
    {ErrorCode::unknown_type, "unknown_type"},
    {ErrorCode::message_too_large, "message_too_large"},
    {ErrorCode::unsupported_version, "unsupported_version"},
    {ErrorCode::hello_required, "hello_required"},
    {ErrorCode::not_logged_in, "not_logged_in"},
    {ErrorCode::bad_credentials, "bad_credentials"},
    {ErrorCode::bad_token, "bad_token"},
    {ErrorCode::forbidden, "forbidden"},
    {ErrorCode::unknown_campaign, "unknown_campaign"},
    {ErrorCode::unknown_decision, "unknown_decision"},
    {ErrorCode::unknown_account, "unknown_account"},
    {ErrorCode::unknown_player, "unknown_player"},
    {ErrorCode::unknown_period, "unknown_period"},
    {ErrorCode::unknown_battle, "unknown_battle"},
    {ErrorCode::invalid_orders, "invalid_orders"},
    {ErrorCode::invalid_answer, "invalid_answer"},
    {ErrorCode::invalid_argument, "invalid_argument"},
    {ErrorCode::refused_by_rules, "refused_by_rules"},
    {ErrorCode::period_closed, "period_closed"},
    {ErrorCode::orders_closed, "orders_closed"},
    {ErrorCode::already_answered, "already_answered"},
    {ErrorCode::conflict, "conflict"},
    {ErrorCode::campaign_paused, "campaign_paused"},
    {ErrorCode::invite_invalid, "invite_invalid"},
    {ErrorCode::rate_limited, "rate_limited"},
    {ErrorCode::too_many_connections, "too_many_connections"},
    {ErrorCode::bad_origin, "bad_origin"},
    {ErrorCode::not_implemented, "not_implemented"},
    {ErrorCode::unavailable, "unavailable"},
    {ErrorCode::internal, "internal"},
}};
}  // namespace

const char* code_name(ErrorCode code) {
    for (const auto& [c, name] : kNames)
        if (c == code) return name;
    return "internal";
}

std::optional<ErrorCode> code_from_name(const std::string& name) {
    for (const auto& [c, n] : kNames)
        if (name == n) return c;
    return std::nullopt;
}

}  // namespace umpire::protocol
