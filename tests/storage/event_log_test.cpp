// The event log: a period's events in one stored value, read back exactly as written.
#include <gtest/gtest.h>

#include "storage/error.hpp"
#include "storage/event_log.hpp"

namespace umpire::storage {
namespace {

std::vector<EventRecord> sample() {
    return {{0, "period_started", std::nullopt, R"({"day":1,"text":"Dawn, \"day\" 1"})"},
            {1, "scout_report", R"(["north"])", R"({"estimate":{"min":3,"max":9}})"},
            {2, "note", R"("all")", "{}"}};
}

ErrorKind kind_of_decoding(const std::string& value) {
    try {
        decode_event_log(value, "test");
    } catch (const StorageError& e) {
        return e.kind();
    }
    return ErrorKind::internal;  // not what any case below expects
}

TEST(EventLog, EventsReadBackExactlyAndInOrder) {
    const auto events = sample();
    const auto value = encode_event_log(events);
    EXPECT_EQ(value.substr(0, 18), "0\tperiod_started\t\t");
    const auto back = decode_event_log(value, "test");
    ASSERT_EQ(back.size(), events.size());
    for (std::size_t i = 0; i < events.size(); ++i) {
        EXPECT_EQ(back[i].seq, events[i].seq);
        EXPECT_EQ(back[i].type, events[i].type);
        EXPECT_EQ(back[i].audience, events[i].audience);
        EXPECT_EQ(back[i].body, events[i].body);
    }
}

TEST(EventLog, NoEventsIsTheEmptyValue) {
    EXPECT_EQ(encode_event_log({}), "");
    EXPECT_TRUE(decode_event_log("", "test").empty());
}

TEST(EventLog, AFieldWithATabOrLineBreakIsRefusedWhenWritten) {
    for (const char* body : {"{\"a\":\t1}", "{\"a\":\n1}", "{\"a\":1}\r"}) {
        auto events = sample();
        events[1].body = body;
        try {
            encode_event_log(events);
            FAIL() << "stored a body with a tab or line break";
        } catch (const StorageError& e) {
            EXPECT_EQ(e.kind(), ErrorKind::internal);
            EXPECT_NE(std::string(e.what()).find("event 1: its body"), std::string::npos);
        }
    }
}

TEST(EventLog, AnEmptyAudienceIsRefusedWhenWritten) {
    auto events = sample();
    events[2].audience = "";
    try {
        encode_event_log(events);
        FAIL() << "stored an empty audience, which would read back as everyone";
    } catch (const StorageError& e) {
        EXPECT_EQ(e.kind(), ErrorKind::internal);
    }
}

TEST(EventLog, DamagedValuesAreCorrupt) {
    const auto value = encode_event_log(sample());
    EXPECT_EQ(kind_of_decoding(value.substr(0, value.size() - 1)), ErrorKind::corrupt);
    EXPECT_EQ(kind_of_decoding("0\tnote\t{}\n"), ErrorKind::corrupt);       // three fields
    EXPECT_EQ(kind_of_decoding("x\tnote\t\t{}\n"), ErrorKind::corrupt);     // seq not a number
    EXPECT_EQ(kind_of_decoding("1x\tnote\t\t{}\n"), ErrorKind::corrupt);
    EXPECT_EQ(kind_of_decoding("\tnote\t\t{}\n"), ErrorKind::corrupt);
    try {
        decode_event_log(value + "7\tnote\n", "demo period 3");
        FAIL();
    } catch (const StorageError& e) {
        EXPECT_STREQ(e.what(), "demo period 3: the event log's line 4: fewer than four fields");
    }
}

}  // namespace
}  // namespace umpire::storage
