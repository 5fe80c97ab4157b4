// Known passwords for the seeded accounts in test databases only.
export const TEST_WANAKT_PASSWORD = 'wanakt-test-password';
export const TEST_DEMO_PASSWORD = 'sample-test-password';
