import { Link, useLoaderData } from "react-router";

const WORDS = (
  "дом подъезд лифт отопление вода счётчик собрание жильцы двор парковка ремонт крыша подвал " +
  "квартира платёж тариф услуга заявка мастер график отключение уборка мусор освещение окна " +
  "детская площадка озеленение субботник управляющая компания договор показания электричество " +
  "газ канализация домофон ключи почта объявление новости правление совет бюджет отчёт смета"
).split(" ");

/** Deterministic text of `count` words starting from `seed` (varied, like real news). */
function words(seed: number, count: number) {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return WORDS[state % WORDS.length];
  }).join(" ");
}

export const meta = () => [
  { title: "Новости дома" },
  { name: "description", content: "Новости и объявления для жильцов." },
];

export function loader() {
  return {
    items: Array.from({ length: 24 }, (_, i) => ({
      id: i + 1,
      title: words(i * 7 + 1, 6),
      summary: words(i * 13 + 5, 48),
      date: new Date(Date.UTC(2026, 10, 24 - i)).toISOString().slice(0, 10),
    })),
  };
}

export default function Home() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <>
      <header>
        <Link to="/">Портал жильца</Link>
        <nav aria-label="Разделы">
          {["Новости", "Тарифы", "О компании", "Документы", "Вход"].map((label, i) => (
            <Link key={label} to={`/?section=${i}`}>
              {label}
            </Link>
          ))}
        </nav>
      </header>
      <main>
        <h1>Новости</h1>
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <h2>
                <Link to={`/?item=${item.id}`}>{item.title}</Link>
              </h2>
              <p>{item.summary}</p>
              <time dateTime={item.date}>{item.date}</time>
            </li>
          ))}
        </ul>
      </main>
      <footer>
        <p>Управляющая компания. Телефон диспетчерской: 8 800 000-00-00.</p>
        <Link to="/?page=privacy">Политика конфиденциальности</Link>
      </footer>
    </>
  );
}
