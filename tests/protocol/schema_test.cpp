// Every message type has a JSON Schema (protocol/schemas), every documented sample matches its
// schema, every client sample decodes, and the schemas refuse what the decoder refuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "json_schema.hpp"
#include "protocol/messages.hpp"

namespace umpire::protocol {
namespace {

const std::string kSchemas = std::string(UMPIRE_SOURCE_DIR) + "/protocol/schemas";

Json load(const std::string& file) {
    std::ifstream in(file);
    return Json::parse(in);
}

Json schema(const std::string& name) { return load(kSchemas + "/" + name + ".json"); }

TEST(Schemas, EveryClientMessageTypeHasOne) {
    for (const auto& type : client_message_types())
        EXPECT_TRUE(std::filesystem::exists(kSchemas + "/client." + type + ".json")) << type;
}

TEST(Schemas, EverySampleMatchesItsSchema) {
    std::set<std::string> covered;
    for (const auto& sample : load(kSchemas + "/samples.json")) {
        const std::string name = sample["schema"];
        covered.insert(name);
        const Json& message = sample["message"];
        EXPECT_EQ(testing::schema_mismatch(schema(name), message), "") << name << ": " << message.dump();
        if (name.rfind("client.", 0) == 0) {
            EXPECT_NO_THROW(decode_client_json(message)) << message.dump();
        }
    }
    for (const auto& entry : std::filesystem::directory_iterator(kSchemas)) {
        if (entry.is_directory()) continue;  // events/: event schemas (event_catalogue_test.cpp)
        const auto stem = entry.path().stem().string();
        if (stem != "samples") {
            EXPECT_TRUE(covered.count(stem)) << "no sample for " << stem;
        }
    }
}

TEST(Schemas, RefuseWhatTheDecoderRefuses) {
    const Json join = schema("client.join");
    EXPECT_NE(testing::schema_mismatch(join, {{"type", "join"}, {"campaign", 7}}), "");
    EXPECT_NE(testing::schema_mismatch(join, {{"type", "join"}}), "");
    EXPECT_NE(testing::schema_mismatch(join, {{"type", "join"}, {"campaign", "c"}, {"x", 1}}), "");
    EXPECT_NE(testing::schema_mismatch(schema("server.error"),
                                       {{"type", "error"}, {"code", "oops"}, {"message", "m"}}), "");
}

TEST(Schemas, ErrorCodesMatchTheDecoder) {
    const Json codes = schema("server.error")["properties"]["code"]["enum"];
    for (int i = 0; i <= static_cast<int>(ErrorCode::internal); ++i)
        EXPECT_NE(std::find(codes.begin(), codes.end(), code_name(static_cast<ErrorCode>(i))),
                  codes.end());
    EXPECT_EQ(codes.size(), static_cast<std::size_t>(ErrorCode::internal) + 1);
}

}  // namespace
}  // namespace umpire::protocol
