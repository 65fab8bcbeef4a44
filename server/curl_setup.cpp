#include "server/curl_setup.hpp"

#include <curl/curl.h>

#include <stdexcept>

namespace umpire::server {

void ensure_curl() {
    // A function-local static is initialised exactly once, even with threads racing to it.
    static const CURLcode result = curl_global_init(CURL_GLOBAL_DEFAULT);
    if (result != CURLE_OK)
        throw std::runtime_error(std::string("libcurl failed to initialise: ") +
                                 curl_easy_strerror(result));
}

}  // namespace umpire::server
