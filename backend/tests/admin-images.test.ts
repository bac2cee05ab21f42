/** Admin API: post images (multipart uploads, limits, files under /media/). */
import { describe, expect, test } from "vitest";

import {
  adminToken,
  call,
  createPost,
  expectError,
  expectFieldErrors,
  expectKeys,
  expectPage,
  get,
  type ErrorBody,
  type Page,
  type Post,
  type PostImage,
} from "./helpers.js";
import { BMP, form, GIF, JPEG, PNG, WEBP } from "./images.js";

const MiB = 1024 * 1024;

const png = (bytes = PNG) => ({ bytes, name: "photo.png", type: "image/png" });

async function upload(method: string, path: string, data: FormData) {
  return call<PostImage>(method, path, { body: data, token: await adminToken() });
}

async function fetchMedia(
  url: string,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

describe("POST admin/posts/images/", () => {
  test("stores the image (201 PostImage) and serves it under /media/ at an absolute URL", async () => {
    const target = await createPost();
    const response = await upload("POST", "admin/posts/images/", form({ post: target.id }, png()));
    expect(response.status, response.text).toBe(201);
    expectKeys(response.body, ["id", "image", "post"]);
    expect(response.body.post).toBe(target.id);
    expect(response.body.image).toMatch(/^https?:\/\/[^/]+\/media\/.+\.png$/);
    const media = await fetchMedia(response.body.image);
    expect(media.status).toBe(200);
    expect(media.type).toBe("image/png");
    expect(media.bytes.equals(PNG)).toBe(true);
    const shown = await get<Post>(`client/posts/${target.id}/`);
    expect(shown.body.images).toEqual([{ id: response.body.id, image: response.body.image }]);
  });

  test.each([
    ["JPEG", JPEG, "image/jpeg", "picture.jpg"],
    ["GIF", GIF, "image/gif", "picture.gif"],
    ["WebP", WEBP, "image/webp", "picture.webp"],
    ["JPEG named in capitals", JPEG, "image/jpeg", "IMG_0412.JPG"],
    ["JPEG named .jpeg", JPEG, "image/jpeg", "picture.jpeg"],
  ])("accepts %s", async (_name, bytes, type, name) => {
    const target = await createPost();
    const response = await upload(
      "POST",
      "admin/posts/images/",
      form({ post: target.id }, { bytes, name, type }),
    );
    expect(response.status, response.text).toBe(201);
    expect((await fetchMedia(response.body.image)).type).toBe(type);
  });

  test.each(["IMG_0412", "photo.jpg_large", "image"])(
    "a JPEG named %s, without its type's extension, is accepted or refused by its name (400 invalid_extension on image)",
    async (name) => {
      const target = await createPost();
      const response = await upload(
        "POST",
        "admin/posts/images/",
        form({ post: target.id }, { bytes: JPEG, name, type: "image/jpeg" }),
      );
      if (response.status === 201) expectKeys(response.body, ["id", "image", "post"]);
      else expectFieldErrors(response, { image: "invalid_extension" });
    },
  );

  test("a text file named .png is 400 invalid_image on image", async () => {
    const target = await createPost();
    const text = Buffer.from("Это не картинка, а текст.\n");
    const response = await upload(
      "POST",
      "admin/posts/images/",
      form({ post: target.id }, { bytes: text, name: "fake.png", type: "image/png" }),
    );
    expectFieldErrors(response, { image: "invalid_image" });
  });

  test.each([
    [
      "only the start of a PNG",
      Buffer.concat([PNG.subarray(0, 8), Buffer.from("not the rest of it")]),
      "image/png",
    ],
    [
      "only the start of a JPEG",
      Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
        Buffer.from("JFIF\0", "latin1"),
        Buffer.alloc(64),
      ]),
      "image/jpeg",
    ],
    ["a BMP", BMP, "image/bmp"],
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'),
      "image/svg+xml",
    ],
  ])(
    "%s is 400 invalid_image on image (every upload is opened as an image)",
    async (_name, bytes, type) => {
      const target = await createPost();
      const response = await upload(
        "POST",
        "admin/posts/images/",
        form({ post: target.id }, { bytes, name: "picture.png", type }),
      );
      expectFieldErrors(response, { image: "invalid_image" });
    },
  );

  test("10 MiB is accepted; 10 MiB + 1 byte is 400 max_size on image", async () => {
    const target = await createPost();
    const exact = Buffer.concat([PNG, Buffer.alloc(10 * MiB - PNG.length)]);
    expect(
      (await upload("POST", "admin/posts/images/", form({ post: target.id }, png(exact)))).status,
    ).toBe(201);
    const over = Buffer.concat([PNG, Buffer.alloc(10 * MiB + 1 - PNG.length)]);
    expectFieldErrors(
      await upload("POST", "admin/posts/images/", form({ post: target.id }, png(over))),
      { image: "max_size" },
    );
  });

  test("a body over 12 MB is refused: a proxy's 413 with any body, or the backend's own 400 max_size", async () => {
    const target = await createPost();
    const huge = Buffer.concat([PNG, Buffer.alloc(13 * MiB)]);
    const response = await upload(
      "POST",
      "admin/posts/images/",
      form({ post: target.id }, png(huge)),
    );
    // A proxy's body may be plain text, HTML or empty; only a JSON one must be the contract's.
    if (response.status === 413) {
      if ((response.headers.get("content-type") ?? "").includes("json"))
        expect((response.body as unknown as ErrorBody).type).toBe("client_error");
    } else expectFieldErrors(response, { image: "max_size" });
  });

  test("an unknown post is 400 does_not_exist on post; missing fields are required", async () => {
    expectFieldErrors(
      await upload("POST", "admin/posts/images/", form({ post: 99999999 }, png())),
      { post: "does_not_exist" },
    );
    expectFieldErrors(await upload("POST", "admin/posts/images/", form({ post: "abc" }, png())), {
      post: "incorrect_type",
    });
    expectFieldErrors(await upload("POST", "admin/posts/images/", form({})), {
      image: "required",
      post: "required",
    });
    const notAFile = await upload("POST", "admin/posts/images/", form({ post: 1, image: "text" }));
    expectError(notAFile, 400, "invalid", "image");
  });
});

describe("GET admin/posts/images/ and images/{id}/", () => {
  test("a page of PostImages; post filters; an unknown post is 400 on post", async () => {
    const token = await adminToken();
    const target = await createPost();
    const first = await upload("POST", "admin/posts/images/", form({ post: target.id }, png()));
    const second = await upload("POST", "admin/posts/images/", form({ post: target.id }, png()));
    const page = expectPage(await get<Page<PostImage>>("admin/posts/images/", { token }));
    expect(page.count).toBeGreaterThanOrEqual(2);
    page.results.forEach((image) => expectKeys(image, ["id", "image", "post"]));
    const filtered = expectPage(
      await get<Page<PostImage>>("admin/posts/images/", { token, query: { post: target.id } }),
    );
    expect(filtered.results).toEqual([first.body, second.body]);
    expectError(
      await get("admin/posts/images/", { token, query: { post: 99999999 } }),
      400,
      "invalid_choice",
      "post",
    );
    const paged = expectPage(
      await get<Page<PostImage>>("admin/posts/images/", {
        token,
        query: { post: target.id, page_size: 1 },
      }),
    );
    expect(paged.results).toEqual([first.body]);
    expect(paged.next).not.toBeNull();
  });

  test("an image, or 404", async () => {
    const token = await adminToken();
    const target = await createPost();
    const created = await upload("POST", "admin/posts/images/", form({ post: target.id }, png()));
    const response = await get<PostImage>(`admin/posts/images/${created.body.id}/`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created.body);
    expectError(await get("admin/posts/images/99999999/", { token }), 404, "not_found", null);
  });
});

describe("PUT / PATCH / DELETE admin/posts/images/{id}/", () => {
  test("PUT replaces image and post; the old file goes", async () => {
    const [a, b] = [await createPost(), await createPost()];
    const created = await upload("POST", "admin/posts/images/", form({ post: a.id }, png()));
    const response = await upload(
      "PUT",
      `admin/posts/images/${created.body.id}/`,
      form({ post: b.id }, { bytes: GIF, name: "x.gif", type: "image/gif" }),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: created.body.id, post: b.id });
    expect(response.body.image).not.toBe(created.body.image);
    expect((await fetchMedia(response.body.image)).type).toBe("image/gif");
    expect((await fetchMedia(created.body.image)).status).toBe(404);
    expectFieldErrors(
      await upload("PUT", `admin/posts/images/${created.body.id}/`, form({ post: b.id })),
      { image: "required" },
    );
  });

  test("PATCH changes either", async () => {
    const [a, b] = [await createPost(), await createPost()];
    const created = await upload("POST", "admin/posts/images/", form({ post: a.id }, png()));
    const moved = await upload(
      "PATCH",
      `admin/posts/images/${created.body.id}/`,
      form({ post: b.id }),
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toEqual({ ...created.body, post: b.id });
    const replaced = await upload(
      "PATCH",
      `admin/posts/images/${created.body.id}/`,
      form({}, { bytes: JPEG, name: "x.jpg", type: "image/jpeg" }),
    );
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.post).toBe(b.id);
    expect((await fetchMedia(replaced.body.image)).type).toBe("image/jpeg");
    expectFieldErrors(
      await upload("PATCH", `admin/posts/images/${created.body.id}/`, form({ post: 99999999 })),
      {
        post: "does_not_exist",
      },
    );
    const invalid = form({}, { bytes: Buffer.from("plain"), name: "x.png", type: "image/png" });
    expectFieldErrors(await upload("PATCH", `admin/posts/images/${created.body.id}/`, invalid), {
      image: "invalid_image",
    });
    expectError(
      await upload("PATCH", "admin/posts/images/99999999/", form({ post: b.id })),
      404,
      "not_found",
      null,
    );
  });

  test("DELETE answers 204 and removes the file", async () => {
    const token = await adminToken();
    const target = await createPost();
    const created = await upload("POST", "admin/posts/images/", form({ post: target.id }, png()));
    const response = await call("DELETE", `admin/posts/images/${created.body.id}/`, { token });
    expect(response.status).toBe(204);
    expectError(
      await get(`admin/posts/images/${created.body.id}/`, { token }),
      404,
      "not_found",
      null,
    );
    expect((await fetchMedia(created.body.image)).status).toBe(404);
    expect((await get<Post>(`client/posts/${target.id}/`)).body.images).toEqual([]);
    expectError(
      await call("DELETE", `admin/posts/images/${created.body.id}/`, { token }),
      404,
      "not_found",
      null,
    );
  });

  test("deleting a post deletes its images and their files", async () => {
    const token = await adminToken();
    const target = await createPost();
    const images = [
      await upload("POST", "admin/posts/images/", form({ post: target.id }, png())),
      await upload("POST", "admin/posts/images/", form({ post: target.id }, png())),
    ];
    expect((await get<Post>(`client/posts/${target.id}/`)).body.images).toHaveLength(2);
    expect((await call("DELETE", `admin/posts/${target.id}/`, { token })).status).toBe(204);
    for (const image of images) {
      expectError(
        await get(`admin/posts/images/${image.body.id}/`, { token }),
        404,
        "not_found",
        null,
      );
      expect((await fetchMedia(image.body.image)).status).toBe(404);
    }
  });
});
