// wb_tests_app entry point: GoogleTest with one QApplication for every test
// (the GUI tests need widgets). Run with QT_QPA_PLATFORM=offscreen (ctest sets it).
#include <QApplication>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("BalanceWorkbenchTests"));
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
