// wb_tests_app entry point: GoogleTest with one QApplication for every test
// (the GUI tests need widgets). Run with QT_QPA_PLATFORM=offscreen (ctest sets it).
//
// ctest runs each test in its own process, two at a time: every process keeps
// its QSettings (recent files, window geometry) in a directory of its own, so
// one test clearing or writing its settings never races another's.
#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("BalanceWorkbenchTests"));
  QTemporaryDir settingsDir;
  if (settingsDir.isValid()) {
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
