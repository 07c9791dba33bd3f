// Signing in with an API key (or an access token): sent once, then kept by the browser in an
// HttpOnly cookie the page itself cannot read.

import { useState } from "react";
import { api } from "../api.ts";

export function SignIn({ mode, onSignedIn }: { mode: string; onSignedIn: () => void }) {
  const [credential, setCredential] = useState("");
  const [error, setError] = useState("");
  return (
    <form
      className="sign-in"
      onSubmit={async (event) => {
        event.preventDefault();
        setError("");
        try {
          await api.signIn(credential);
          onSignedIn();
        } catch (failure) {
          setError((failure as Error).message);
        }
      }}
    >
      <h1>AI Universe</h1>
      <label htmlFor="credential">{mode === "oauth" ? "Access token" : "API key"}</label>
      <input
        id="credential"
        type="password"
        autoComplete="off"
        value={credential}
        onChange={(event) => setCredential(event.target.value)}
      />
      <button type="submit" className="primary" disabled={!credential}>
        Sign in
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
