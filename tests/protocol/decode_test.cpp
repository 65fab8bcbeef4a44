// Decoding client messages: every bad input gets its stable code and the path of the problem.
#include <gtest/gtest.h>

#include "protocol/messages.hpp"

namespace umpire::protocol {
namespace {

ErrorCode code_of(std::string_view text, std::size_t max = kDefaultMaxMessageBytes) {
    try {
        decode_client_message(text, max);
    } catch (const ProtocolError& e) {
        return e.code();
    }
    ADD_FAILURE() << "decoded: " << text;
    return ErrorCode::internal;
}

std::string path_of(std::string_view text) {
    try {
        decode_client_message(text);
    } catch (const ProtocolError& e) {
        return e.path();
    }
    return "(decoded)";
}

TEST(Decode, Hello) {
    auto m = decode_client_message(R"({"type":"hello","id":1,"versions":[1],"client":"t"})");
    EXPECT_EQ(m.type, "hello");
    EXPECT_EQ(m.re, 1);
    EXPECT_EQ(std::get<Hello>(m.body).versions, std::vector<int>{1});
}

TEST(Decode, LoginNeedsPasswordOrToken) {
    auto m = decode_client_message(R"({"type":"login","account":"gm","password":"pw"})");
    EXPECT_EQ(std::get<Login>(m.body).account, "gm");
    auto t = decode_client_message(R"({"type":"login","token":"abc"})");
    EXPECT_EQ(std::get<Login>(t.body).token, "abc");
    EXPECT_EQ(code_of(R"({"type":"login","account":"gm"})"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"login","account":"gm","password":"x","token":"t"})"),
              ErrorCode::bad_message);
}

TEST(Decode, SubmitOrders) {
    auto m = decode_client_message(
        R"({"type":"submit_orders","campaign":"c","period_index":0,"orders":[{"force":"f","hold":true}],"state":"draft"})");
    const auto& s = std::get<SubmitOrders>(m.body);
    EXPECT_EQ(s.campaign, "c");
    EXPECT_EQ(s.state, "draft");
    EXPECT_EQ(s.orders.size(), 1u);
}

TEST(Decode, GmCommandsNeedTheirMembers) {
    EXPECT_NO_THROW(decode_client_message(
        R"({"type":"gm","campaign":"c","command":"extend","minutes":30,"key":"k1"})"));
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"extend","minutes":30})"), "$.key");
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"rollback","period":1,"to_period":0})"),
              "$.reason");
    // Commands that move the campaign on name the period they mean (issue 53, item 10).
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"rollback","to_period":0,"reason":"r"})"),
              "$.period");
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"force_advance","reason":"r"})"),
              "$.period");
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"resolve"})"), "$.period");
    EXPECT_NO_THROW(decode_client_message(
        R"({"type":"gm","campaign":"c","command":"force_advance","period":0,"key":"a","reason":"r"})"));
    EXPECT_EQ(path_of(R"({"type":"gm","campaign":"c","command":"fly"})"), "$.command");
}

TEST(Decode, BadInputHasStableCodes) {
    EXPECT_EQ(code_of("{not json"), ErrorCode::bad_json);
    EXPECT_EQ(code_of("[1,2]"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"versions":[1]})"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"teleport"})"), ErrorCode::unknown_type);
    EXPECT_EQ(code_of(R"({"type":"join","campaign":7})"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"join"})"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"join","campaign":"c","extra":1})"), ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"submit_orders","campaign":"c","period_index":-1,"orders":[]})"),
              ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"submit_orders","campaign":"c","period_index":0,"orders":[3]})"),
              ErrorCode::bad_message);
    EXPECT_EQ(code_of(R"({"type":"ping","id":{"a":1}})"), ErrorCode::bad_message);
    const std::string big = R"({"type":"ping","client":")" + std::string(70000, 'x') + "\"}";
    EXPECT_EQ(code_of(big), ErrorCode::message_too_large);
}

TEST(Decode, PathsNameTheMember) {
    EXPECT_EQ(path_of(R"({"type":"join","campaign":7})"), "$.campaign");
    EXPECT_EQ(path_of(R"({"type":"join","campaign":"c","x":1})"), "$.x");
    EXPECT_EQ(path_of(R"({"type":"submit_orders","campaign":"c","period_index":0,"orders":[1]})"),
              "$.orders[0]");
}

TEST(Decode, BattleMessagesNameTheBattle) {
    const auto action = decode_client_message(
        R"({"type":"battle_action","campaign":"c","battle":"1.day.1","action":{"action":"start_bound"}})");
    const auto& a = std::get<BattleAction>(action.body);
    EXPECT_EQ(a.battle, "1.day.1");
    EXPECT_EQ(a.action, Json({{"action", "start_bound"}}));
    const auto get = decode_client_message(R"({"type":"get_battle","campaign":"c","battle":"b"})");
    EXPECT_EQ(std::get<GetBattle>(get.body).battle, "b");
    // The action's content is the server's to check; its shape (an object) is checked here.
    EXPECT_EQ(path_of(R"({"type":"battle_action","campaign":"c","action":{}})"), "$.battle");
    EXPECT_EQ(path_of(R"({"type":"battle_action","campaign":"c","battle":"b","action":[1]})"),
              "$.action");
    EXPECT_EQ(path_of(R"({"type":"battle_action","campaign":"c","battle":"b"})"), "$.action");
    EXPECT_EQ(path_of(R"({"type":"get_battle","campaign":"c"})"), "$.battle");
}

TEST(Decode, CorrelationIdSurvivesABadMessage) {
    EXPECT_EQ(correlation_id(R"({"type":"nope","id":"abc"})"), "abc");
    EXPECT_TRUE(correlation_id("garbage").is_null());
}

TEST(Decode, EveryCodeHasAStableName) {
    for (int i = 0; i <= static_cast<int>(ErrorCode::internal); ++i) {
        const auto code = static_cast<ErrorCode>(i);
        const std::string name = code_name(code);
        EXPECT_EQ(code_from_name(name), code) << name;
    }
}

}  // namespace
}  // namespace umpire::protocol
