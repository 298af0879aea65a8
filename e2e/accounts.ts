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
