export const DEMO = {
  superadmin: { username: "superadmin", password: "Admin#12345", fullname: "Super Admin" },
  manager: { username: "manager", password: "Manager#12345", fullname: "Demo Center Manager" },
  editor: { username: "editor", password: "Editor#12345", fullname: "Demo Content Editor" },
};

/** Accounts only the browser tests have, so no test changes a demo account. */
export const E2E_ACCOUNTS = [
  { username: "e2e-disabled", password: "Disabled#12345", fullname: "Disabled Staff", active: false, role: "Content Editor" },
  { username: "e2e-password", password: "Start#12345", fullname: "Password Changer", active: true, role: "Content Editor" },
  { username: "e2e-readonly", password: "Reader#12345", fullname: "Read Only Staff", active: true, role: "Read Only" },
  { username: "e2e-bahasa", password: "Bahasa#12345", fullname: "Dewi Lestari", active: true, role: "Content Editor" },
];

/** A role that may read every content area and change nothing, held by e2e-readonly at JKT01. */
export const READ_ONLY_KEYS = ["approval_management", "center_management", "content_management", "career_management"];

/** A role whose holders must use a second factor (two-factor.spec.ts walks its forced setup). */
export const TWO_FACTOR_ROLE = "Two-factor Required";

/** Accounts only two-factor.spec.ts uses: each sets up or signs in with a second factor once. */
export const E2E_TWO_FACTOR_ACCOUNTS = [
  // Whose role requires a second factor, with none set up yet: taken to set it up after the password.
  { username: "e2e-enrol-phone", password: "Enrol#12345", fullname: "Agus Pratama", active: true, role: TWO_FACTOR_ROLE },
  { username: "e2e-enrol-desk", password: "Enrol#12345", fullname: "Sari Wulandari", active: true, role: TWO_FACTOR_ROLE },
  // Who sets one up from the console's page, though nothing requires it.
  { username: "e2e-self-enrol", password: "Self#12345", fullname: "Budi Hartono", active: true, role: "Content Editor" },
];

/** Accounts with an authenticator already set up: the tests compute its codes from these secrets. */
export const E2E_TOTP_ACCOUNTS = [
  { username: "e2e-totp-desk", password: "Totp#12345", fullname: "Rina Kusuma", role: "Content Editor", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" },
  { username: "e2e-totp-phone", password: "Totp#12345", fullname: "Dimas Saputra", role: "Content Editor", secret: "KRUGS4ZANFZSAYJAONSWG4TFOQQGWZLZ" },
  { username: "e2e-totp-lost", password: "Totp#12345", fullname: "Yusuf Hidayat", role: "Content Editor", secret: "ONSWG4TFOQYTEMZUGU3DOOBZGAYTEMZU" },
  { username: "e2e-totp-passkey", password: "Totp#12345", fullname: "Lestari Wibowo", role: "Content Editor", secret: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U" },
];
