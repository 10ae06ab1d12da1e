// tests/cpp/main.cpp — runs the GoogleTest tests inside one embedded engine
// request (the embed SAPI starts the engine and opens a request).
#include <phpbind/phpbind.hpp>

#include <sapi/embed/php_embed.h>

#include <gtest/gtest.h>

namespace {
class EmbeddedEngine : public ::testing::Environment {
public:
    void SetUp() override {
        static char arg0[] = "phpbind-cpp-tests";
        static char* argv[] = {arg0, nullptr};
        php_embed_module.php_ini_ignore = 1;  // like `php -n`: no system php.ini
        ASSERT_EQ(php_embed_init(1, argv), SUCCESS);
    }
    void TearDown() override { php_embed_shutdown(); }
};
}  // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::AddGlobalTestEnvironment(new EmbeddedEngine);
    return RUN_ALL_TESTS();
}
