'use strict';
// Served in place of https://accounts.google.com/gsi/client: the part of google.accounts.id that
// @react-oauth/google calls (initialize, renderButton, prompt, cancel), as Google documents it.
// Where Google opens its account chooser, this asks the stand-in which test account is signed
// in, and hands its ID token to the page's callback as Google's CredentialResponse.
/* global window, document, fetch, URL */
(function installGoogleIdentityStandIn() {
  const origin = new URL(document.currentScript.src).origin;
  const BUTTON_TEXT = {
    signin_with: 'Sign in with Google',
    signup_with: 'Sign up with Google',
    continue_with: 'Continue with Google',
    signin: 'Sign in',
  };
  let settings = null;

  async function chooseAccount() {
    const response = await fetch(`${origin}/gsi/stand-in/select?client_id=${encodeURIComponent(settings.client_id)}`);
    const { credential } = await response.json();
    settings.callback(credential ? { credential, select_by: 'btn', clientId: settings.client_id } : {});
  }

  window.google = {
    accounts: {
      id: {
        initialize(options) {
          settings = options;
        },
        renderButton(parent, options = {}) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = BUTTON_TEXT[options.text] ?? BUTTON_TEXT.signin_with;
          button.addEventListener('click', () => {
            if (options.click_listener) options.click_listener();
            void chooseAccount();
          });
          parent.replaceChildren(button);
        },
        prompt() {},
        cancel() {},
        disableAutoSelect() {},
      },
    },
  };
})();
