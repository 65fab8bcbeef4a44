// Malformed HTTP framing gets a 400 and a close, never a silent drop and never a request
// handled from bytes whose framing is in doubt; the server answers the next client as before.
#include "raw_http.hpp"
#include "server_fixture.hpp"

namespace umpire::testing {
namespace {

class HttpFraming : public ::testing::Test {
protected:
    TempDir dir;
    RunningServer server{test_config(dir), kDemoAccounts, demo_campaign};

    void expect_refused(const std::string& request, int status) {
        RawConnection c(server.port());
        c.send(request);
        const auto reply = c.read_all(3000);
        EXPECT_EQ(status_of(reply), status) << "request: " << request << "\nreply: " << reply;
        EXPECT_TRUE(c.closed_by_server(2000)) << "the connection is closed after a refusal";
        EXPECT_EQ(status_of(raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")), 200);
    }
};

TEST_F(HttpFraming, BothContentLengthAndTransferEncodingIs400) {
    expect_refused("POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n"
                   "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /metrics HTTP/1.1\r\n\r\n",
                   400);
}

TEST_F(HttpFraming, BareLineFeedsAre400) {
    expect_refused("GET /healthz HTTP/1.1\nHost: x\n\n", 400);
}

TEST_F(HttpFraming, ABadChunkSizeIs400) {
    expect_refused("POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                   "zz\r\nhello\r\n0\r\n\r\n",
                   400);
}

TEST_F(HttpFraming, TwoDifferentContentLengthsAre400) {
    expect_refused("POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                   "Content-Length: 40\r\n\r\n{}",
                   400);
}

TEST_F(HttpFraming, AnOversizedHeaderIs431) {
    expect_refused("GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + std::string(20000, 'a') + "\r\n\r\n",
                   431);
}

TEST_F(HttpFraming, AnOversizedBodyIs413) {
    expect_refused("POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n{",
                   413);
}

TEST_F(HttpFraming, GarbageInsteadOfARequestIs400) {
    expect_refused(std::string("\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11) + "\r\n\r\n", 400);
    expect_refused("GET / HTTP/9.9\r\n\r\n", 400);
    expect_refused("GET\r\n\r\n", 400);
}

TEST_F(HttpFraming, ARequestCutShortIsAnsweredAndClosed) {
    RawConnection c(server.port());
    c.send("POST /api/v1/messages HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"type\":");
    c.finish_sending();
    const auto reply = c.read_all(3000);
    EXPECT_EQ(status_of(reply), 400) << reply;
    EXPECT_EQ(status_of(raw_exchange(server.port(), "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")), 200);
}

}  // namespace
}  // namespace umpire::testing
