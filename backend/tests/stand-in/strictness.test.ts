/**
 * Where the contract lets a backend choose, the stand-in takes the strictest
 * choice a stock Django REST framework backend makes, so the portal's own
 * tests meet it: a picture judged by its name's extension too, one refresh
 * token good for one refresh however many arrive together, its own 413 in
 * the contract's JSON, and stock simplejwt's answer to a gone user's token.
 */
import { describe, expect, test } from "vitest";

import { fileExtension, PILLOW_EXTENSIONS } from "../../src/validation.js";
import {
  adminToken,
  call,
  createPost,
  createUser,
  expectError,
  expectFieldErrors,
  login,
  post,
  RESIDENT,
  type PostImage,
  type Response,
} from "../helpers.js";
import { form, JPEG, PNG } from "../images.js";

const MiB = 1024 * 1024;

async function uploadNamed(name: string, bytes = JPEG, type = "image/jpeg") {
  const target = await createPost();
  return call<PostImage>("POST", "admin/posts/images/", {
    body: form({ post: target.id }, { bytes, name, type }),
    token: await adminToken(),
  });
}

describe("a picture's name", () => {
  test("reads the extension as Django does (Python's Path.suffix)", () => {
    expect(fileExtension("photo.JPG")).toBe("jpg");
    expect(fileExtension("photo.jpg_large")).toBe("jpg_large");
    expect(fileExtension("IMG_0412")).toBe("");
    expect(fileExtension(".jpg")).toBe("");
    expect(fileExtension("photo.")).toBe("");
    expect(fileExtension("archive.tar.gz")).toBe("gz");
    expect(fileExtension("C:\\fakepath\\plan.png")).toBe("png");
    expect(PILLOW_EXTENSIONS.slice(0, 4)).toEqual(["bmp", "dib", "gif", "tif"]);
    expect(PILLOW_EXTENSIONS).toHaveLength(72);
  });

  test.each(["IMG_0412", "photo.jpg_large", "image", ".jpg", "photo.heic"])(
    "a JPEG named %s is 400 invalid_extension on image, whatever its bytes",
    async (name) => {
      expectFieldErrors(await uploadNamed(name), { image: "invalid_extension" });
    },
  );

  test.each(["photo.JPG", "photo.jpeg", "photo.jfif", "plan.tiff"])(
    "a JPEG named %s is taken: the name's extension is on Pillow's list",
    async (name) => {
      expect((await uploadNamed(name)).status).toBe(201);
    },
  );

  test("a field carries every refusal of its validators: the name's and the size's", async () => {
    const over = Buffer.concat([PNG, Buffer.alloc(10 * MiB + 1 - PNG.length)]);
    const body = expectFieldErrors(await uploadNamed("IMG_0412", over, "image/png"), {
      image: "max_size",
    });
    expect(body.errors.map((error) => [error.attr, error.code])).toEqual([
      ["image", "invalid_extension"],
      ["image", "max_size"],
    ]);
  });
});

describe("tokens", () => {
  test("three concurrent refreshes with one token: exactly one succeeds", async () => {
    const pair = await login(RESIDENT.email, RESIDENT.password);
    const results = await Promise.all(
      [0, 1, 2].map(() => post("client/users/refresh/", { refresh: pair.refresh })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([200, 401, 401]);
  });

  test("a valid token of a deleted or deactivated user: stock simplejwt's authentication_failed, the code in an entry's detail", async () => {
    const token = await adminToken();
    const gone = (response: Response<unknown>, code: string) =>
      expect(expectError(response, 401, "authentication_failed").errors).toEqual([
        { code: "authentication_failed", detail: expect.any(String), attr: "detail" },
        { code: "authentication_failed", detail: code, attr: "code" },
      ]);
    const deleted = await createUser();
    expect((await call("DELETE", `admin/users/${deleted.user.id}/`, { token })).status).toBe(204);
    gone(await call("GET", "client/users/me/", { token: deleted.token }), "user_not_found");
    const inactive = await createUser();
    const patched = await call("PATCH", `admin/users/${inactive.user.id}/`, {
      json: { is_active: false },
      token,
    });
    expect(patched.status).toBe(200);
    for (const path of ["client/users/me/", "client/posts/"])
      gone(await call("GET", path, { token: inactive.token }), "user_inactive");
  });
});

test("a body over 12 MB is 413 payload_too_large in the contract's JSON", async () => {
  const huge = Buffer.concat([PNG, Buffer.alloc(13 * MiB)]);
  const response = await uploadNamed("photo.png", huge, "image/png");
  expectError(response, 413, "payload_too_large", null);
});
