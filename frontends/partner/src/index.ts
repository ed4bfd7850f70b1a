// The partner area is loaded through the App it exposes to the shell; its own entry renders nothing.
export {};
