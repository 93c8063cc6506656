// OpenSSL's libcrypto, from the OS (Debian: libssl-dev). Only hashing and the CSPRNG are used.
#include <openssl/sha.h>
#include <openssl/rand.h>
#include <openssl/crypto.h>
