// The portal is loaded through the pages it exposes to the shell; its own entry renders nothing.
export {};
