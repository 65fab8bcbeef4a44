#pragma once
// libcurl's process-wide set-up. curl_global_init is not thread-safe, so every user of libcurl
// calls ensure_curl() first: the first call initialises, once, whichever thread makes it.
namespace umpire::server {

// Throws std::runtime_error if libcurl cannot initialise (then nothing can be sent).
void ensure_curl();

}  // namespace umpire::server
