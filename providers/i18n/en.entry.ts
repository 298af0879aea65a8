// The English words of the entry screens (splash, sign-in, pick-center) and of what the entry's
// providers say before the console has loaded (the superadmin's role name). They ship in the entry
// chunk; the console's own words (en.console.ts) load with the console. Strings quoted by the
// product spec are contract: keep them exact.
export const enEntry = {
  app: {
    name: "Center Console",
    copyright: "© {{year}} Center Console. All rights reserved.",
    version: "v1.0.0",
    adminConsole: "Administration Console",
  },
  // Toasts: the sign-in's "Success" shows before the console's words have loaded.
  notify: {
    /** What the server says of a generic 404, which would only repeat the title. */
    serverNotFound: "Not found",
    success: "Success",
    error: "Error",
    forbidden: "You don't have permission to do this",
    notFound: "It could not be found",
    badRequest: "The request was refused",
    /** A 409: the server's words below say why (in use, changed, already decided). */
    conflict: "This can't be done",
    failed: "Something went wrong",
  },
  splash: { wait: "Please Wait..." },
  login: {
    title: "Login",
    prompt: "Silakan masukkan username dan password Anda.",
    username: "Username",
    password: "Password",
    showPassword: "Show password",
    hidePassword: "Hide password",
    submit: "Login",
    loading: "Memuat...",
    success: "Login Sukses, Mohon tunggu",
    errorPrefix: "Error : ",
    errorNetwork: "Error : Komunikasi dengan server bermasalah",
  },
  pickCenter: {
    greeting: "Hello, {{name}}",
    prompt: "Pick a center to manage:",
    continue: "Continue",
    empty: "You are not assigned to any center yet. Ask a superadmin to assign you.",
    loadError: "Your centers could not be loaded.",
    retry: "Try again",
    signOut: "Sign Out",
  },
  sidebar: {
    signOut: "Sign Out",
    editPassword: "Edit Password",
    refresh: "Refresh permissions",
    switchCenter: "Switch center",
    superadmin: "Superadmin",
    noCenter: "No center selected",
    centerOption: "{{role}} - {{center}}",
    language: "Language",
  },
} as const;
