// Press end to end (docs/protocol.md, "Press"): a real server on 127.0.0.1, real WebSocket
// clients. A message reaches its sender and recipients and nobody else; one to everyone reaches
// the observer too; the GM reads private press only when the campaign said so when it was sent;
// with press off players write to the GM only; bad messages change nothing.
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

class Press : public ::testing::Test {
protected:
    Press()
        : server(test_config(dir), kDemoAccounts, [](server::Hub& hub) {
              demo_campaign(hub);
              auto& store = *hub.services().server;
              store.put_membership(
                  {store.account_by_name("olaf")->id, "raid", "observer", std::nullopt});
          }) {
        for (const auto& [name, password] : kDemoAccounts) {
            auto& c = clients[name] = std::make_unique<TestClient>(server.port());
            EXPECT_EQ(c->hello_login(name, password)["type"], "logged_in");
            EXPECT_EQ(c->request({{"type", "join"}, {"campaign", "raid"}})["type"], "snapshot");
        }
    }

    Json send(const std::string& who, const Json& to, const std::string& text) {
        return clients.at(who)->request(
            {{"type", "send_press"}, {"campaign", "raid"}, {"to", to}, {"text", text}});
    }
    // The texts of the press messages `who` was pushed, in order (after a round trip, so that
    // everything sent before has arrived).
    std::vector<std::string> pushed(const std::string& who) {
        auto& c = *clients.at(who);
        c.request({{"type", "ping"}});
        std::vector<std::string> out;
        for (const auto& m : c.log())
            if (m.value("type", "") == "press") out.push_back(m["message"]["text"]);
        return out;
    }
    std::vector<std::string> listed(const std::string& who) {
        const Json list = clients.at(who)->request({{"type", "get_press"}, {"campaign", "raid"}});
        EXPECT_EQ(list["type"], "press_list") << list.dump();
        std::vector<std::string> out;
        for (const auto& m : list["messages"]) out.push_back(m["text"]);
        return out;
    }
    Json gm_settings(const Json& settings) {
        return clients.at("gm")->request({{"type", "gm"},
                                          {"campaign", "raid"},
                                          {"command", "edit"},
                                          {"changes", {{"settings", settings}}},
                                          {"reason", "press rules"}});
    }

    TempDir dir;
    RunningServer server;
    std::map<std::string, std::unique_ptr<TestClient>> clients;
};

using Texts = std::vector<std::string>;

TEST_F(Press, AMessageReachesItsSenderAndRecipientsAndNobodyElse) {
    const Json sent = send("anna", {"ingrid"}, "Leave the ford to us?");
    EXPECT_EQ(sent["type"], "press_sent") << sent.dump();
    EXPECT_EQ(sent["period_index"], 0);
    EXPECT_EQ(pushed("anna"), Texts{"Leave the ford to us?"});
    EXPECT_EQ(pushed("ingrid"), Texts{"Leave the ford to us?"});
    EXPECT_EQ(pushed("gm"), Texts{});
    EXPECT_EQ(pushed("olaf"), Texts{});

    ASSERT_EQ(send("gm", {"all"}, "Rain tonight: fords are deep.")["type"], "press_sent");
    for (const char* who : {"gm", "anna", "ingrid", "olaf"})
        EXPECT_EQ(pushed(who).back(), "Rain tonight: fords are deep.") << who;

    EXPECT_EQ(listed("ingrid"), (Texts{"Leave the ford to us?", "Rain tonight: fords are deep."}));
    EXPECT_EQ(listed("gm"), Texts{"Rain tonight: fords are deep."});
    EXPECT_EQ(listed("olaf"), Texts{"Rain tonight: fords are deep."});

    // The message as ingrid is shown it: who, to whom, when; an id that counts its channel only.
    Json message;
    for (const auto& m : clients.at("ingrid")->log())
        if (m.value("type", "") == "press") {
            message = m["message"];
            break;
        }
    EXPECT_EQ(message["from"], "anna");
    EXPECT_EQ(message["to"], Json::array({"ingrid"}));
    EXPECT_EQ(message["id"], "0.anna>ingrid.p1");
    EXPECT_EQ(message["gm_reads"], false);

    // Over the HTTP API too, for e-mail players.
    const auto login =
        server.api({{"type", "login"}, {"account", "ingrid"}, {"password", "pw-ingrid"}});
    const std::string token = login.second["messages"][0]["token"];
    std::map<std::string, std::string> headers{{"Authorization", "Bearer " + token}};
    const auto r =
        server::http_request("GET", server.url("/api/v1/campaigns/raid/press"), "", headers);
    EXPECT_EQ(r.status, 200) << r.body;
    const Json body = Json::parse(r.body);
    EXPECT_EQ(body["messages"][0]["messages"].size(), 2u) << r.body;
}

TEST_F(Press, BadPressIsRefusedAndChangesNothing) {
    ASSERT_EQ(send("anna", {"all"}, "one")["type"], "press_sent");
    EXPECT_EQ(send("olaf", {"all"}, "I only watch")["code"], "forbidden");
    EXPECT_EQ(send("anna", {"nobody"}, "hello?")["code"], "unknown_player");
    EXPECT_EQ(send("anna", {"anna"}, "note to self")["code"], "invalid_argument");
    EXPECT_EQ(send("anna", {"all", "gm"}, "twice")["code"], "bad_message");
    EXPECT_EQ(send("anna", Json::array(), "to nobody")["code"], "bad_message");
    EXPECT_EQ(send("anna", {"ingrid"}, " \n ")["code"], "bad_message");
    EXPECT_EQ(send("anna", {"ingrid"}, std::string(4001, 'x'))["code"], "bad_message");
    EXPECT_EQ(clients.at("anna")->request({{"type", "send_press"},
                                           {"campaign", "elsewhere"},
                                           {"to", {"all"}},
                                           {"text", "hi"}})["code"],
              "unknown_campaign");
    EXPECT_EQ(listed("gm"), Texts{"one"});
    EXPECT_EQ(pushed("ingrid"), Texts{"one"});
}

TEST_F(Press, TheSettingDecidesWhoWritesAndWhatTheGmReadsFromThenOn) {
    ASSERT_EQ(send("anna", {"ingrid"}, "before")["type"], "press_sent");

    // Off: players write to the GM only; the view tells them.
    ASSERT_EQ(gm_settings({{"press", "off"}})["type"], "gm_done");
    EXPECT_EQ(send("anna", {"ingrid"}, "psst")["code"], "forbidden");
    EXPECT_EQ(send("anna", {"all"}, "hear ye")["code"], "forbidden");
    EXPECT_EQ(send("anna", {"gm"}, "a question")["type"], "press_sent");
    EXPECT_EQ(send("gm", {"ingrid"}, "an answer")["type"], "press_sent");
    EXPECT_EQ(
        clients.at("anna")->request({{"type", "join"}, {"campaign", "raid"}})["view"]["press"],
        "off");

    // gm_reads: what is sent now, the GM reads; what was sent before stays private.
    ASSERT_EQ(gm_settings({{"press", "gm_reads"}})["type"], "gm_done");
    ASSERT_EQ(send("anna", {"ingrid"}, "after")["type"], "press_sent");
    EXPECT_EQ(listed("gm"), (Texts{"a question", "an answer", "after"}));
    EXPECT_EQ(pushed("gm"), (Texts{"a question", "an answer", "after"}));
    EXPECT_EQ(listed("ingrid"), (Texts{"before", "an answer", "after"}));
    // And back to private: the GM keeps what it was allowed to read, nothing more.
    ASSERT_EQ(gm_settings({{"press", "private"}})["type"], "gm_done");
    ASSERT_EQ(send("anna", {"ingrid"}, "later")["type"], "press_sent");
    EXPECT_EQ(listed("gm"), (Texts{"a question", "an answer", "after"}));
    EXPECT_EQ(gm_settings({{"press", "loud"}})["code"], "invalid_argument");
}

}  // namespace
}  // namespace umpire::testing
