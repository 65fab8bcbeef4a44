// Observability (docs/operations.md, "Logs" and "Monitoring"): JSON log lines, access log lines
// with request ids, histograms and the gauges /metrics adds after real requests.
#include <gtest/gtest.h>

#include <spdlog/sinks/ostream_sink.h>

#include <regex>
#include <sstream>

#include "../security/raw_http.hpp"
#include "server/metrics.hpp"
#include "server/observability.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

// Logs in JSON to a string for the length of a test; the previous logger comes back after.
class CapturedLog {
public:
    CapturedLog() : previous_(spdlog::default_logger()) {
        server::setup_logging("json", "info");  // the JSON mode of log_event
        auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out_);
        sink->set_formatter(server::json_log_formatter());
        spdlog::set_default_logger(std::make_shared<spdlog::logger>("captured", sink));
    }
    ~CapturedLog() {
        server::setup_logging("text", "info");
        spdlog::set_default_logger(previous_);
    }
    std::vector<Json> lines() {
        spdlog::default_logger()->flush();
        std::vector<Json> parsed;
        std::istringstream in(out_.str());
        for (std::string line; std::getline(in, line);) {
            parsed.push_back(Json::parse(line, nullptr, false));
            EXPECT_FALSE(parsed.back().is_discarded()) << "not JSON: " << line;
        }
        return parsed;
    }
    std::vector<Json> events(const std::string& event) {
        std::vector<Json> found;
        for (auto& l : lines())
            if (l.value("event", "") == event) found.push_back(l);
        return found;
    }

private:
    std::ostringstream out_;
    std::shared_ptr<spdlog::logger> previous_;
};

TEST(JsonLogs, OneObjectALineWithTimeLevelMessageAndFields) {
    CapturedLog log;
    spdlog::warn("plain {} line", 1);
    server::log_event(spdlog::level::info, {{"event", "test"}, {"campaign", "raid"}, {"n", 3}},
                      "a \"quoted\"\nmulti-line\tmessage \\ with a backslash");
    const auto lines = log.lines();
    ASSERT_EQ(lines.size(), 2u);  // the newline inside the message is escaped: one line each
    const std::regex iso(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)");
    EXPECT_TRUE(std::regex_match(lines[0]["time"].get<std::string>(), iso)) << lines[0].dump();
    EXPECT_EQ(lines[0]["level"], "warning");
    EXPECT_EQ(lines[0]["msg"], "plain 1 line");
    EXPECT_EQ(lines[1]["level"], "info");
    EXPECT_EQ(lines[1]["msg"], "a \"quoted\"\nmulti-line\tmessage \\ with a backslash");
    EXPECT_EQ(lines[1]["event"], "test");
    EXPECT_EQ(lines[1]["campaign"], "raid");
    EXPECT_EQ(lines[1]["n"], 3);
}

TEST(JsonLogs, BytesThatAreNotUtf8AreReplacedNotThrown) {
    CapturedLog log;
    server::log_event(spdlog::level::info, {{"path", std::string("/x\xff\xfe")}},
                      std::string("bad \xc3 bytes"));
    const auto lines = log.lines();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_TRUE(lines[0].contains("path"));
}

TEST(RequestIds, IncomingIdsAreKeptOnlyWhenValid) {
    EXPECT_EQ(server::request_id_for("abc-123_X.y"), "abc-123_X.y");
    EXPECT_EQ(server::request_id_for(std::string(64, 'a')), std::string(64, 'a'));
    const std::regex hex16("[0-9a-f]{16}");
    for (const std::string& bad : {std::string(), std::string(65, 'a'), std::string("a b"),
                                  std::string("x\r\ny"), std::string("é"), std::string("a/b")})
        EXPECT_TRUE(std::regex_match(server::request_id_for(bad), hex16)) << bad;
    EXPECT_NE(server::request_id_for(""), server::request_id_for(""));
    EXPECT_EQ(server::path_of("/api/v1/campaigns?token=secret#x"), "/api/v1/campaigns");
    EXPECT_EQ(server::path_of("/a#b"), "/a");
}

TEST(Histograms, CumulativeBucketsSumAndCount) {
    server::Histogram h;
    h.observe(0.0005);
    h.observe(0.003);
    h.observe(0.003);
    h.observe(20);
    std::string out;
    h.text(out, "x_seconds");
    EXPECT_NE(out.find("x_seconds_bucket{le=\"0.001\"} 1\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_bucket{le=\"0.0025\"} 1\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_bucket{le=\"0.005\"} 3\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_bucket{le=\"10\"} 3\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_bucket{le=\"+Inf\"} 4\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_count 4\n"), std::string::npos) << out;
    EXPECT_NE(out.find("x_seconds_sum 20.0065"), std::string::npos) << out;
    std::string labelled;
    h.text(labelled, "y", "type=\"join\"");
    EXPECT_NE(labelled.find("y_bucket{type=\"join\",le=\"+Inf\"} 4\n"), std::string::npos) << labelled;
    EXPECT_NE(labelled.find("y_count{type=\"join\"} 4\n"), std::string::npos) << labelled;
}

std::string get(int port, const std::string& target, const std::string& headers = "") {
    return raw_exchange(port, "GET " + target + " HTTP/1.1\r\nHost: x\r\n" + headers +
                                  "Connection: close\r\n\r\n");
}

TEST(AccessLog, EachRequestIsLoggedWithItsIdAndWithoutItsQuery) {
    CapturedLog log;
    TempDir dir;
    auto config = test_config(dir);
    config.log_level = "info";
    RunningServer server(config, kDemoAccounts, demo_campaign);
    const auto kept = get(server.port(), "/api/v1/campaigns?token=s3cret", "X-Request-Id: abc-123.x_Y\r\n");
    EXPECT_EQ(status_of(kept), 404);  // routes take no query
    EXPECT_EQ(header_of(kept, "X-Request-Id"), "abc-123.x_Y");
    const auto refused = get(server.port(), "/healthz", "X-Request-Id: no good/id\r\n");
    const auto replaced = header_of(refused, "X-Request-Id");
    EXPECT_TRUE(std::regex_match(replaced, std::regex("[0-9a-f]{16}"))) << replaced;
    const auto fresh = header_of(get(server.port(), "/nothing-here"), "X-Request-Id");
    EXPECT_TRUE(std::regex_match(fresh, std::regex("[0-9a-f]{16}"))) << fresh;
    server.stop();

    const auto created = log.events("campaign_created");
    ASSERT_EQ(created.size(), 1u);
    EXPECT_EQ(created[0]["campaign"], "raid");
    std::map<std::string, Json> by_id;
    for (const auto& a : log.events("access")) by_id[a.value("request_id", "")] = a;
    ASSERT_TRUE(by_id.count("abc-123.x_Y"));
    const auto& a = by_id["abc-123.x_Y"];
    EXPECT_EQ(a["method"], "GET");
    EXPECT_EQ(a["path"], "/api/v1/campaigns");
    EXPECT_EQ(a["status"], 404);
    EXPECT_EQ(a["client"], "127.0.0.1");
    EXPECT_GT(a["bytes"].get<int>(), 0);
    EXPECT_TRUE(a["duration_ms"].is_number());
    EXPECT_EQ(a.dump().find("s3cret"), std::string::npos);
    ASSERT_TRUE(by_id.count(replaced));
    EXPECT_EQ(by_id[replaced]["path"], "/healthz");
    EXPECT_EQ(by_id[replaced]["status"], 200);
    ASSERT_TRUE(by_id.count(fresh));
    EXPECT_EQ(by_id[fresh]["status"], 404);
    for (const auto& line : log.lines()) EXPECT_EQ(line.dump().find("no good"), std::string::npos);
}

TEST(AccessLog, GmActionsAndResolutionsAreLoggedWithTheirReason) {
    CapturedLog log;
    TempDir dir;
    auto config = test_config(dir);
    config.log_level = "info";
    RunningServer server(config, kDemoAccounts, demo_campaign);
    const auto [status, body] = server.api({{"type", "login"}, {"account", "gm"}, {"password", "pw-gm"}});
    ASSERT_EQ(status, 200) << body.dump();
    const auto token = body["messages"][0]["token"].get<std::string>();
    const auto [s2, b2] = server.api({{"type", "gm"}, {"campaign", "raid"},
                                      {"command", "force_advance"}, {"period", 0}, {"reason", "the \"storm\""}},
                                     token);
    ASSERT_EQ(s2, 200) << b2.dump();
    server.stop();
    const auto gm = log.events("gm_action");
    ASSERT_EQ(gm.size(), 1u);
    EXPECT_EQ(gm[0]["command"], "force_advance");
    EXPECT_EQ(gm[0]["account"], "gm");
    EXPECT_EQ(gm[0]["reason"], "the \"storm\"");
    const auto resolved = log.events("period_resolved");
    ASSERT_EQ(resolved.size(), 1u) << "no period_resolved line";
    EXPECT_EQ(resolved[0]["campaign"], "raid");
    EXPECT_EQ(resolved[0]["why"], "GM force_advance");
    EXPECT_TRUE(resolved[0]["period_index"].is_number());
    EXPECT_TRUE(resolved[0]["attempt"].is_number());
}

TEST(TextLogs, ControlCharactersAreEscaped) {
    EXPECT_EQ(server::log_escape("plain: ok, \xc3\xa5 kept"), "plain: ok, \xc3\xa5 kept");
    EXPECT_EQ(server::log_escape("a\nb\rc\td\\e"), "a\\nb\\rc\\td\\\\e");
    EXPECT_EQ(server::log_escape(std::string("\x1b[2J\x00\x7f", 6)), "\\x1b[2J\\x00\\x7f");
    EXPECT_EQ(server::log_escape("\xc2\x9b" "31m"), "\\u009b31m") << "a C1 CSI";
}

// What a client chooses (a refused login's account name, a GM's reason) reaches the text log on
// one line of its own: a newline in it cannot forge another line (issue 53).
TEST(TextLogs, AClientsNewlineCannotForgeALogLine) {
    std::ostringstream out;
    const auto previous = spdlog::default_logger();
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
    sink->set_formatter(server::text_log_formatter());
    spdlog::set_default_logger(std::make_shared<spdlog::logger>("captured", sink));
    const std::string forged = "[2020-01-01 00:00:00.000] [info] FORGED";
    {
        TempDir dir;
        auto config = test_config(dir);
        config.log_level = "info";
        RunningServer server(config, kDemoAccounts, demo_campaign);
        EXPECT_EQ(server.api({{"type", "login"}, {"account", "x\n" + forged}, {"password", "p"}})
                      .first,
                  401);
        const auto [status, body] =
            server.api({{"type", "login"}, {"account", "gm"}, {"password", "pw-gm"}});
        ASSERT_EQ(status, 200) << body.dump();
        EXPECT_EQ(server.api({{"type", "gm"}, {"campaign", "raid"}, {"command", "force_advance"},
                              {"period", 0}, {"reason", "ill\r\n" + forged}},
                             body["messages"][0]["token"].get<std::string>())
                      .first,
                  200);
        server.stop();
    }
    spdlog::default_logger()->flush();
    spdlog::set_default_logger(previous);
    int refused = 0, paused = 0;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line);) {
        EXPECT_NE(line.rfind("[2020-01-01", 0), 0u) << "a forged line: " << line;
        EXPECT_EQ(line.find('\r'), std::string::npos) << line;
        if (line.find("login refused for account \"x\\n[2020-01-01") != std::string::npos) ++refused;
        if (line.find("GM force_advance by gm: ill\\r\\n[2020-01-01") != std::string::npos) ++paused;
    }
    EXPECT_EQ(refused, 1) << out.str();
    EXPECT_EQ(paused, 1) << out.str();
}

TEST(Metrics, HistogramsAndGaugesAfterARealRequest) {
    TempDir dir;
    auto config = test_config(dir);
    config.admin_port = 0;
    RunningServer server(config, kDemoAccounts, demo_campaign);
    const auto [status, body] = server.api({{"type", "login"}, {"account", "gm"}, {"password", "pw-gm"}});
    ASSERT_EQ(status, 200);
    const auto token = body["messages"][0]["token"].get<std::string>();
    ASSERT_EQ(server.api({{"type", "gm"}, {"campaign", "raid"}, {"command", "force_advance"},
                          {"period", 0}, {"reason", "r"}}, token).first, 200);
    const auto metrics = body_of(get(server.admin_port(), "/metrics"));
    for (const std::string expected :
         {"umpire_build_info{version=\"", "process_start_time_seconds ", "umpire_uptime_seconds ",
          "process_resident_memory_bytes ", "process_open_fds ", "umpire_database_bytes ",
          "umpire_database_wal_bytes ", "umpire_campaigns{status=\"active\"} 1\n",
          "umpire_campaigns{status=\"finished\"} 0\n", "umpire_open_deadlines ",
          "umpire_webhook_backlog 0\n", "# TYPE umpire_http_request_seconds histogram\n",
          "umpire_http_request_seconds_bucket{le=\"+Inf\"} ",
          "umpire_message_seconds_bucket{type=\"login\",le=\"+Inf\"} 1\n",
          "umpire_message_seconds_count{type=\"gm\"} 1\n",
          "umpire_period_resolution_seconds_count 1\n", "umpire_commit_seconds_count "})
        EXPECT_NE(metrics.find(expected), std::string::npos) << expected << "\n" << metrics;
    // Non-zero where there must be something.
    std::smatch m;
    ASSERT_TRUE(std::regex_search(metrics, m, std::regex("process_resident_memory_bytes (\\d+)")));
    EXPECT_GT(std::stoll(m[1]), 1'000'000);
    ASSERT_TRUE(std::regex_search(metrics, m, std::regex("umpire_database_bytes (\\d+)")));
    EXPECT_GT(std::stoll(m[1]), 0);
    ASSERT_TRUE(std::regex_search(metrics, m, std::regex("process_open_fds (\\d+)")));
    EXPECT_GT(std::stoll(m[1]), 2);
    // Every metric has one TYPE line: no family is written twice.
    std::map<std::string, int> types;
    const std::regex type_line("# TYPE (\\S+) ");
    for (std::sregex_iterator it(metrics.begin(), metrics.end(), type_line), end;
         it != end; ++it)
        EXPECT_EQ(++types[(*it)[1]], 1) << (*it)[1];
}

}  // namespace
}  // namespace umpire::testing
